import { readSettings, unknownSettingVariables } from '../config/settings.js';
import { createHub } from '../hub.js';
import { createLogger } from '../telemetry/logger.js';

/** `notebook-hub serve`: runs the hub until SIGTERM or SIGINT. */
export async function serve(): Promise<void> {
  const settings = readSettings();
  const logger = createLogger(settings.logLevel);
  const unknown = unknownSettingVariables();
  if (unknown.length > 0) logger.warn({ event: 'unknown_settings', variables: unknown }, 'unknown SERVICE_* variables ignored');
  let hub;
  try {
    hub = await createHub({ settings, logger });
    await hub.listen();
  } catch (error) {
    logger.fatal({ event: 'boot_failed', err: error }, error instanceof Error ? error.message : String(error));
    logger.flush();
    process.exitCode = 1;
    return;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    logger.info({ event: 'shutdown', signal }, 'shutdown');
    hub.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ event: 'shutdown_failed', err: error }, 'shutdown_failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
