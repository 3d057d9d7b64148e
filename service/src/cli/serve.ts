import { openLogger } from '../compose/adapters.js';
import { readSettings, unknownSettingVariables } from '../config/settings.js';
import { createHub, type Hub } from '../compose/hub.js';
import { watchUnhandledRejections } from '../lifecycle/unhandled-rejections.js';

/** After the drain budget runs out, this much more time is allowed before the process exits. */
const GRACE_AFTER_TIMEOUT_MS = 10_000;

/** `notebook-hub serve`: runs the hub until SIGTERM or SIGINT, then drains (docs/maintenance.md). */
export async function serve(): Promise<void> {
  const settings = readSettings();
  const logger = openLogger(settings.logLevel);
  const rejections = watchUnhandledRejections(logger);
  const unknown = unknownSettingVariables();
  if (unknown.length > 0) logger.warn({ event: 'unknown_settings', variables: unknown }, 'unknown SERVICE_* variables ignored');
  let hub: Hub;
  try {
    hub = await createHub({ settings, logger });
    rejections.countInto(hub.services.metrics);
    const address = await hub.listen();
    if (hub.localLoginPath) process.stderr.write(`\nNotebook Hub is running. Sign in at ${address}${hub.localLoginPath}\n\n`);
  } catch (error) {
    logger.fatal({ event: 'boot_failed', err: error }, error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
    return;
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ event: 'shutdown_forced', signal }, 'second signal: exiting now');
      logger.flush();
      process.exit(130);
    }
    stopping = true;
    logger.info({ event: 'shutdown', signal, budget_ms: settings.shutdownTimeoutSeconds * 1000 }, 'shutdown');
    hub.close().then(
      (outcome) => {
        if (outcome === 'drained') {
          logger.info({ event: 'shutdown_complete' }, 'shutdown_complete');
          logger.flush();
          process.exit(0);
        }
        // The drain ran out of budget (drain_timeout is logged): the stragglers get a last moment,
        // and the process leaves non-zero whether they finish in it or not, so the platform sees a
        // shutdown that cut work short.
        process.exitCode = 1;
        setTimeout(() => {
          logger.flush();
          process.exit(1);
        }, GRACE_AFTER_TIMEOUT_MS).unref();
      },
      (error: unknown) => {
        logger.error({ event: 'shutdown_failed', err: error }, 'shutdown_failed');
        logger.flush();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
