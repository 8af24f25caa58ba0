import { PageHeader } from '../../ui/components.js';
import { useSession } from '../../ui/session.js';
import { ActorWarning } from './parts.js';
import { PixKeysSection } from './pix-keys.js';
import { RatesSection } from './rates.js';

/** What production reads instead of real rails: the PIX key directory and the exchange rates. */
export function DirectoryPage() {
  const { config } = useSession();
  const sandbox = config.environment === 'sandbox';
  return (
    <div>
      <PageHeader
        title="PIX keys and rates"
        subtitle="The production PIX directory and exchange rates, kept by the back-office."
      />
      <ActorWarning />
      <PixKeysSection sandbox={sandbox} />
      <RatesSection sandbox={sandbox} />
    </div>
  );
}
