import type { DatabaseBrowser, DatabaseTarget } from '../../../core/ports/data-databases.js';
import type { ConnectionContext } from '../../integrations/connection-context.js';

type Kind = 'postgres' | 'mysql';

/**
 * The data browser over every database kind of integrations: `postgres` (PostgresBrowser) and
 * `mysql` (MysqlBrowser, MySQL and MariaDB), each loaded with its driver the first time a
 * database of its kind is browsed. `context` as for each of them.
 */
export class IntegrationDatabaseBrowser implements DatabaseBrowser {
  readonly kinds: readonly Kind[] = ['postgres', 'mysql'];
  private readonly loaded = new Map<Kind, Promise<DatabaseBrowser>>();

  constructor(private readonly context: ConnectionContext) {}

  private browser(target: DatabaseTarget): Promise<DatabaseBrowser> {
    const kind = target.kind as Kind;
    if (!this.kinds.includes(kind)) throw new TypeError(`${target.kind} is not a database kind the data browser knows`);
    let browser = this.loaded.get(kind);
    if (!browser) {
      browser =
        kind === 'postgres'
          ? import('./postgres-browser.js').then(({ PostgresBrowser }) => new PostgresBrowser(this.context))
          : import('./mysql-browser.js').then(({ MysqlBrowser }) => new MysqlBrowser(this.context));
      this.loaded.set(kind, browser);
    }
    return browser;
  }

  async tables(...args: Parameters<DatabaseBrowser['tables']>) {
    return (await this.browser(args[0])).tables(...args);
  }

  async columns(...args: Parameters<DatabaseBrowser['columns']>) {
    return (await this.browser(args[0])).columns(...args);
  }

  async preview(...args: Parameters<DatabaseBrowser['preview']>) {
    return (await this.browser(args[0])).preview(...args);
  }

  async query(...args: Parameters<DatabaseBrowser['query']>) {
    return (await this.browser(args[0])).query(...args);
  }
}
