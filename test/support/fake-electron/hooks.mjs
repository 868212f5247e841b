// Module resolution hook: `electron` (and only it) resolves to the fake.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: new URL('./electron.mjs', import.meta.url).href, shortCircuit: true };
  return nextResolve(specifier, context);
}
