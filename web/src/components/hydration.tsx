// Whether the app has taken over the page. A pre-rendered page is hydrated (main.tsx): React's first render
// in the browser must then match the build-time one, which knew nothing of this visitor (a wide screen,
// nothing stored, no session). What is read from the browser (local storage, the window's width) shows once
// this turns true, in a transition right after hydration, so the update never forces the rest of the page
// to hydrate in one long task. A page the app renders afresh has it true from the start. The build-time
// render has no provider: false.
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const HydratedContext = createContext(false);

export function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
