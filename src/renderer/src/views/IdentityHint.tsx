import { useEffect, useState } from 'preact/hooks';
import type { IdentifiedServer } from '../../../shared/bridge';
import { bridge } from '../bridge';

/**
 * Under an address field in set-up: which Airwave server is there, asked of the core without a key
 * a moment after the typing stops ("Found Airwave Home 0.15.12 — now paste an API key"). The core
 * gates these asks and words the sentence; nothing is shown for an address that did not say.
 */
const SETTLE_MS = 600;

export function IdentityHint({ address, id }: { address: string; id: string }) {
  const [found, setFound] = useState<IdentifiedServer | null>(null);
  useEffect(() => {
    setFound(null);
    const typed = address.trim();
    if (typed === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void bridge.identifyServer({ server: typed }).then(
        (answer) => current && setFound(answer.ok ? answer.value : null),
        () => {},
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [address]);
  if (!found) return null;
  return (
    <span id={id} class="hint identity-hint" role="status" data-testid="identity-hint">
      {found.sentence}
    </span>
  );
}
