export const MODELS_CLI: string;
export function installStartupModels(options: {
  env: Record<string, string | undefined>;
  log: (text: string) => void;
}): Promise<boolean>;
