import { DatabaseBrowser } from './database/DatabaseBrowser';
import { ObjectBrowser } from './objects/ObjectBrowser';
import { WithSource } from './WithSource';

/** `/data/:sid`: a bucket's or workspace's folders and objects, or a database's tables. */
export function SourcePage() {
  return <WithSource>{(source) => (source.type === 'database' ? <DatabaseBrowser source={source} /> : <ObjectBrowser source={source} />)}</WithSource>;
}
