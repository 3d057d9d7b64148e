import { describeProjectAccess } from '../support/project-access-suite.js';

describeProjectAccess(0, 2);
