/**
 * The Node app: the services opened (./app/services.ts) behind the HTTP order (./app/http-order.ts),
 * one Express app that server.js mounts (the shape of React Router's node-custom-server
 * template). Importing this module (the server build) starts nothing: `createApp` opens the
 * stores and starts the timers, `shutdown` closes them.
 */
import { StartRefusedError, type ServerConfig } from './config';
import { metrics } from './observability/metrics';
import { logUnhandledRejections } from './observability/log';
import { openServices, type AppServices } from './app/services';
import { createHttpOrder, type HttpOptions, type HttpOrder } from './app/http-order';

export type { AppServices } from './app/services';
export { errorHandler } from './http/errors';
export { startMetricsServer } from './observability/metrics-server';
export { log } from './observability/log';
export { precompressedAssets } from './pages/precompressed';
export { ConfigError, loadConfig, loadConfigOrExit, type ServerConfig } from './config';

/** What the process does with a rejection nothing handled: logged and counted, not fatal (server.js). */
export function watchProcess(): void {
  logUnhandledRejections(() => metrics.unhandledRejections.inc());
}

export type App = HttpOrder & {
  loadContext: AppServices;
  /** Closes the stores so every acknowledged write is on disk before the process exits. */
  shutdown(): Promise<void>;
};

export type AppOptions = HttpOptions;

/** Opens the services, then puts the HTTP order in front of them. */
export async function createApp(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  const opened = await openServices(config);
  try {
    const http = await createHttpOrder(opened, config, options);
    return { ...http, loadContext: opened.services, shutdown: opened.shutdown };
  } catch (error) {
    await opened.shutdown();
    throw error;
  }
}

/** createApp for a process entry point: a refused start (StartRefusedError) prints its line and exits 1. */
export async function createAppOrExit(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  try {
    return await createApp(config, options);
  } catch (error) {
    if (!(error instanceof StartRefusedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
