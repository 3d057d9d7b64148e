import { useParams } from 'react-router';
import { DataErrorAlert } from '../DataErrorAlert';
import { WithSource } from '../WithSource';
import { DatabaseBrowser } from './DatabaseBrowser';

/** `/data/:sid/tables/:schema/:table`: a table or view of a database, beside the others. */
export function TablePage() {
  const { schema = '', table = '' } = useParams();
  return (
    <WithSource>
      {(source) =>
        source.type === 'database' ? (
          <DatabaseBrowser source={source} selected={{ schema, table }} />
        ) : (
          <DataErrorAlert title="Not a database" error={new Error(`${source.name} holds files, not tables.`)} />
        )
      }
    </WithSource>
  );
}
