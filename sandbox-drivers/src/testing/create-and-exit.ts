/**
 * Plays a hub that crashes: creates one sandbox with the driver described by argv[2] (JSON
 * DriverConfig), prints its id and exits without destroying it.
 */
import { driverFrom, type DriverConfig } from './driver-config.js';

const driver = driverFrom(JSON.parse(process.argv[2]!) as DriverConfig);
const sandbox = await driver.create({ compute: {}, labels: { role: 'orphan' } });
await driver.waitReady(sandbox.id, { timeoutMs: 30_000 });
process.stdout.write(`${sandbox.id}\n`);
process.exit(0);
