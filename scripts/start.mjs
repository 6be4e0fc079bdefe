// npm start: build if needed, then serve (the server migrates and, on first run, seeds).
import { ensureBuild } from './ensure-build.mjs';

try {
  ensureBuild();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
await import('../src/server/http/node/server.mjs').then(async ({ startServer, stopServer }) => {
  try {
    const server = await startServer();
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await stopServer(server).catch((e) => console.error(e));
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (e) {
    console.error(`\nCoinlens could not start: ${e.message}`);
    process.exit(1);
  }
});
