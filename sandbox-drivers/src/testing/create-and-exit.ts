/**
 * Plays a hub that crashes: creates one sandbox with the driver described by argv[2] (JSON
 * DriverConfig), writes `left-behind.txt` in it, prints its id and exits without destroying it.
 */
import { driverFrom, type DriverConfig } from './driver-config.js';

const driver = driverFrom(JSON.parse(process.argv[2]!) as DriverConfig);
const sandbox = await driver.create({ compute: {}, labels: { role: 'orphan' } });
await driver.waitReady(sandbox.id, { timeoutMs: 30_000 });
// What a session leaves in its sandbox; a driver that can attach reads it from a later process.
await driver.writeFile(sandbox.id, 'left-behind.txt', 'written by the previous process');
process.stdout.write(`${sandbox.id}\n`);
process.exit(0);
