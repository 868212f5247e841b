import { useEffect, useState } from 'preact/hooks';
import type { LocalServerOffer } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { servers as t } from '../strings/servers';
import { offerAddress, typedAddress } from './ServerForm';
import './servers.css';

/**
 * First run: asks the core once whether Airwave runs on this computer (its desktop app serves on
 * localhost:36020; the core's look is quick and bounded). Nothing waits for the answer; an offer
 * fills the address and puts the cursor in the key field. No offer, nothing shown.
 */
export function LocalOffer() {
  const [offer, setOffer] = useState<LocalServerOffer | null>(null);
  useEffect(() => {
    let current = true;
    void bridge.findLocalServer({}).then(
      (outcome) => current && outcome.ok && setOffer(outcome.value),
      () => {}, // no offer: the form is all there is
    );
    return () => {
      current = false;
    };
  }, []);
  if (!offer || typedAddress() === offer.url) return null;
  return (
    <div class="local-offer" role="status">
      <p>
        {t.localFound(offer.name)}
        {/* the address as text, so the user sees what "Use it" fills in */}
        <span class="local-offer-address">{offer.url}</span>
      </p>
      <button type="button" class="button" onClick={() => offerAddress(offer.url)}>
        {t.useIt}
      </button>
    </div>
  );
}
