// Preloaded (--import) into a compiled stack's processes by test/e2e/compiled.e2e.test.ts: production runs
// JavaScript only, so any TypeScript file or tsx reached at run time is a build mistake, and this makes it
// fail loudly instead of working here and failing in an image (which holds neither).
import { register } from 'node:module';

register('./no-typescript.hooks.mjs', import.meta.url);
