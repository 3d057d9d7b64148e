import { describeProjectAccess } from '../support/project-access-suite.js';

describeProjectAccess(1, 2);
