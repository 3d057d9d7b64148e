import { UnreadableSecretError, type ConnectionTester, type ConnectionTestOutcome, type ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import { testMysql, testPostgres } from './database-tests.js';
import { testGit } from './git-test.js';
import { testHttpApi, testOpenAi, testPythonIndex } from './http-tests.js';
import { testS3 } from './s3-test.js';
import { failed, scrubbed, type TestContext } from './test-context.js';

export type { TestContext } from './test-context.js';

const TESTERS: Record<string, (context: TestContext, request: ConnectionTestRequest) => Promise<ConnectionTestOutcome>> = {
  postgres: testPostgres,
  mysql: testMysql,
  s3: testS3,
  http_api: testHttpApi,
  openai: testOpenAi,
  git: testGit,
  python_index: testPythonIndex,
};

/**
 * "Test connection" for every kind (docs/integrations.md): one attempt each, with the kind's own
 * client (pg, mysql2, the S3 SDK, fetch, git), every connection under the `integrations`
 * outbound-request policy (docs/outbound-requests.md). A failure is an outcome, never an exception.
 */
export class IntegrationConnectionTester implements ConnectionTester {
  readonly kinds = Object.keys(TESTERS);

  constructor(private readonly context: TestContext) {}

  async test(request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
    const tester = TESTERS[request.kind];
    if (!tester) return failed(`${request.kind} integrations cannot be tested`);
    try {
      return await tester(this.context, request);
    } catch (error) {
      // The caller says which secret cannot be read.
      if (error instanceof UnreadableSecretError) throw error;
      const secrets = await request.secrets().catch(() => ({}));
      this.context.outbound.failed(
        null,
        'unreachable',
        `the ${request.kind} test failed unexpectedly: ${scrubbed(error instanceof Error ? `${error.name} ${error.message}` : String(error), secrets)}`,
      );
      return failed('the test could not be run: see the hub log for details');
    }
  }
}
