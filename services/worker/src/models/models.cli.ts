// `npm run models -- list | install [<id|hf:owner/name@revision> ...] [--as <id>] [--missing] [--keep-going]
//                    | remove <id>`
//
// Installs models into MODELS_DIR (default .data/models under the repo root, as `npm start` uses). With no
// model named, `install` takes PICTURA_MODELS (a comma list; "none" for nothing; default: the catalogue
// entries marked installByDefault). --missing treats models already there as done and waits for one that
// another process is installing, for start scripts and init containers that run at every start;
// --keep-going turns failures into warnings (exit 0), so a worker still starts offline on its built-ins.
// Honours HF_ENDPOINT, HF_TOKEN and npm's registry setting. Failures end with one line and a non-zero exit
// code; Ctrl-C cancels cleanly (exit 130).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { modelCatalogue } from '@pictura/common/model-catalogue';
import { formatBytes } from './installer/disk-space.ts';
import { InstallError, installModel, listInstalled, removeModel } from './installer/model-installer.ts';
import { createProgressPrinter } from './installer/progress-printer.ts';

// A CLI reads its own environment (house rule: no other module does).
const env = {
  modelsDir: resolve(process.env.MODELS_DIR || new URL('../../../../.data/models', import.meta.url).pathname),
  hfEndpoint: process.env.HF_ENDPOINT || undefined,
  hfToken: process.env.HF_TOKEN || undefined,
  npmRegistry: process.env.npm_config_registry || process.env.NPM_CONFIG_REGISTRY || undefined,
  pictureModels: process.env.PICTURA_MODELS,
};

const USAGE = `usage: npm run models -- list
       npm run models -- install [<id>|hf:owner/name@revision ...] [--as <id>] [--missing] [--keep-going]
       npm run models -- remove <id>`;

/** PICTURA_MODELS: a comma list of catalogue ids or hf: specs; "none" for nothing; unset = the defaults. */
function modelsToInstall(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '')
    return modelCatalogue()
      .filter((e) => e.installByDefault)
      .map((e) => e.id);
  if (value.trim().toLowerCase() === 'none') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function fail(message: string, code = 1): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

async function list() {
  const installed = await listInstalled(env.modelsDir);
  const rows = modelCatalogue().map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    size: formatBytes(entry.files.reduce((sum, f) => sum + f.size, 0)),
    licence: entry.licence.name,
    commercial: entry.licence.commercialUse ? 'yes' : 'no',
    installed: installed.some((m) => m.id === entry.id)
      ? 'installed'
      : entry.installByDefault
        ? 'default'
        : '',
  }));
  const header = {
    id: 'ID',
    kind: 'KIND',
    size: 'DOWNLOAD',
    licence: 'LICENCE',
    commercial: 'COMMERCIAL USE',
    installed: '',
  };
  const table = [header, ...rows];
  const widths = Object.keys(header).map((key) =>
    Math.max(...table.map((r) => r[key as keyof typeof r].length)),
  );
  console.log('Catalogue:');
  for (const row of table)
    console.log(
      `  ${Object.values(row)
        .map((v, i) => v.padEnd(widths[i]!))
        .join('  ')
        .trimEnd()}`,
    );
  console.log(`\nInstalled in ${env.modelsDir}:`);
  if (!installed.length) console.log('  (none: the built-in models are used)');
  for (const model of installed) {
    const licence = model.licence
      ? `${model.licence.name}, commercial use ${model.licence.commercialUse ? 'yes' : 'no'}`
      : 'licence unknown';
    console.log(
      `  ${model.id}  ${model.kind ?? '?'}  ${formatBytes(model.sizeBytes)}  ${licence}  ${model.source ?? ''}`,
    );
  }
}

const WAIT_FOR_OTHER_INSTALL_MS = 5000;

async function install(specs: string[], as: string | undefined, missingOk: boolean, keepGoing: boolean) {
  if (as && specs.length !== 1) fail('--as names one model: give exactly one to install');
  if (!specs.length) {
    console.log('nothing to install');
    return;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  let failed = 0;
  for (const spec of specs) {
    const printer = createProgressPrinter(process.stdout, spec);
    try {
      const manifest = await installModel(spec, {
        modelsDir: env.modelsDir,
        hfEndpoint: env.hfEndpoint,
        hfToken: env.hfToken,
        npmRegistry: env.npmRegistry,
        as,
        signal: controller.signal,
        onProgress: (p) => printer.update(p),
      });
      printer.done();
      const licence = manifest.licence;
      console.log(
        `installed ${manifest.id} (${manifest.title ?? manifest.id}) into ${env.modelsDir}/${manifest.id}`,
      );
      if (licence && !licence.commercialUse)
        console.log(`  note: its licence (${licence.name}, ${licence.url}) does not allow commercial use`);
    } catch (error) {
      printer.done();
      const code = error instanceof InstallError ? error.code : undefined;
      if (code === 'already_installed' && missingOk) {
        console.log(`${spec}: already installed`);
        continue;
      }
      if (code === 'already_installing' && missingOk && !controller.signal.aborted) {
        // Another pod or process is installing it: wait for that one, then this spec counts as installed.
        console.log(`${spec}: being installed by another process; waiting`);
        await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_OTHER_INSTALL_MS));
        specs.splice(specs.indexOf(spec) + 1, 0, spec);
        continue;
      }
      if (code === 'cancelled') fail('install cancelled', 130);
      const message = (error as Error).message;
      const reason = message.startsWith(spec) ? message : `${spec}: ${message}`;
      if (!keepGoing) fail(reason);
      failed++;
      process.stderr.write(`warning: not installed: ${reason}\n`);
    }
  }
  if (failed) console.log(`${failed} model(s) not installed; the built-in models stand in for them`);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      as: { type: 'string' },
      missing: { type: 'boolean' },
      'keep-going': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'list') return list();
  if (command === 'install') {
    const specs = rest.length
      ? rest.flatMap((s) => s.split(',')).filter(Boolean)
      : modelsToInstall(env.pictureModels);
    return install(specs, values.as, Boolean(values.missing), Boolean(values['keep-going']));
  }
  if (command === 'remove') {
    if (rest.length !== 1) fail(`remove takes one model id\n${USAGE}`);
    await removeModel(rest[0]!, env.modelsDir);
    console.log(`removed ${rest[0]}`);
    return;
  }
  fail(`unknown command "${command}"\n${USAGE}`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
