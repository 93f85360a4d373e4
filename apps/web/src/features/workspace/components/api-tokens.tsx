import type { CreatedApiToken } from '@spoke/shared';
import { useState } from 'react';
import { NewToken } from './new-token.tsx';
import { TokenForm } from './token-form.tsx';
import { TokenList } from './token-list.tsx';

const headingById = (id: string) => () => document.getElementById(id);

/** Create, see once, list and revoke the user's API tokens. */
export function ApiTokens({ headingId }: { headingId: string }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="space-y-6">
      {created ? (
        <NewToken
          created={created}
          onDone={() => {
            setCreated(null);
            headingById(headingId)()?.focus();
          }}
        />
      ) : (
        <TokenForm onCreated={setCreated} />
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">Your tokens</h3>
        <TokenList fallbackFocus={headingById(headingId)} />
      </div>
    </div>
  );
}
