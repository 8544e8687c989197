import type { AccessToken, CreatedAccessToken } from '@dcf/domain';
import { useState } from 'react';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../../api/access-tokens';
import { errorMessage } from '../../api/client';
import { paths } from '../../app/paths';
import { PageContainer, QueryState, useNotification, YesNoModalAbout } from '../../components';
import { CreateTokenForm } from './create-token-form';
import { NewTokenSecret } from './new-token-secret';
import { TokenList } from './token-list';
import { UsingAToken } from './using-a-token';

export const ACCESS_TOKENS_TITLE = 'API access tokens';

/**
 * Your personal access tokens (decision 0039): for Power BI and Excel to read what you can see, or for
 * your organisation's own system to submit returns you may submit. Created here (the secret shown once),
 * listed with when each was last used, and revoked.
 */
export function AccessTokensPage() {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const { notification, notify, clear } = useNotification();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  async function revokeToken(token: AccessToken) {
    try {
      await revoke.mutateAsync(token.id);
      if (created?.id === token.id) setCreated(null);
      notify({ variant: 'success', message: `Token ${token.name} revoked. It no longer works.` });
    } catch (error) {
      notify({ variant: 'error', message: errorMessage(error) });
    }
  }

  return (
    <PageContainer
      title={ACCESS_TOKENS_TITLE}
      trail={[{ text: 'Home', href: paths.adminHome }]}
      notification={notification}
      onNotificationClose={clear}
    >
      <p className="nhsuk-body">
        A token lets another system use this service as you: Power BI or Excel reading the returns you can
        see, or your organisation’s own system submitting the returns you may submit. It never has more rights
        than you have now: if your roles change, so does what it can do.
      </p>
      <UsingAToken />
      {created ? <NewTokenSecret token={created} onDone={() => setCreated(null)} /> : null}
      <h2 className="nhsuk-heading-m">Your tokens</h2>
      <QueryState query={tokens}>
        {(data) => <TokenList tokens={data.items} now={Date.now()} onRevoke={setRevoking} />}
      </QueryState>
      <h2 className="nhsuk-heading-m" id="create-token-heading">
        Create a token
      </h2>
      <CreateTokenForm
        onCreate={async (body) => {
          clear();
          setCreated(await create.mutateAsync(body));
        }}
      />
      <YesNoModalAbout
        subject={revoking}
        title={(token) => `Revoke ${token.name}?`}
        yesLabel="Revoke token"
        noLabel="Cancel"
        onYes={(token) => void revokeToken(token)}
        onClose={() => setRevoking(null)}
      >
        Any system using it stops working at once. This cannot be undone.
      </YesNoModalAbout>
    </PageContainer>
  );
}
