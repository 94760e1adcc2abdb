// `npm start` installs the models PICTURA_MODELS names (default: the catalogue's installByDefault entries,
// i.e. the safety classifier; "none" for nothing) into MODELS_DIR before the processes start, through the
// same CLI as `npm run models`, so the progress looks the same. Offline or failing, the product still runs
// on its built-in models: a warning, never a stop.
import { spawn } from 'node:child_process';
import { ROOT } from './processes.mjs';

export const MODELS_CLI = 'services/worker/src/models/models.cli.ts';

/** Resolves to true when every model is there, false (after a warning) when an install failed. */
export function installStartupModels({ env, log }) {
  if ((env.PICTURA_MODELS ?? '').trim().toLowerCase() === 'none') return Promise.resolve(true);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MODELS_CLI, 'install', '--missing'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('error', (error) => {
      log(`could not run the model installer (${error.message}); starting with the built-in models`);
      resolve(false);
    });
    child.on('exit', (code) => {
      if (code === 0) return resolve(true);
      log(
        '\x1b[33mwarning:\x1b[0m a model could not be installed (see above); starting anyway with what is there and the built-in models. Retry with `npm run models -- install <id>`.',
      );
      resolve(false);
    });
  });
}
