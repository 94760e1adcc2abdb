// The Python that has PyTorch: Debian's python3-torch installs for /usr/bin/python3, which a version
// manager's `python3` earlier on PATH would hide. PYTHON overrides.
import { existsSync } from 'node:fs';

export const PYTHON = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
