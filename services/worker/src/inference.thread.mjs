// Worker threads do not inherit the `--import tsx` loader of the main thread: register it here,
// then load the TypeScript thread entry.
import { register } from 'tsx/esm/api';

register();
await import('./inference.thread.ts');
