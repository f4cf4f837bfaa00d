import { useState } from 'react';
import { ParentalPasscodeModal } from './ParentalPasscodeModal.tsx';
import { needsPasscode } from './passcode-messages.ts';

const STAYS_OPEN = new Set(['/parental-passcode', '/settings/account-settings']);

type Pending = { run: (passcode: string) => Promise<void>; settle: (outcome: { done: boolean; error: unknown }) => void };

/**
 * Runs a protected change: first without a passcode; when the server answers that the account's
 * parental passcode is needed, the passcode modal asks for it and runs the change again with it.
 * Resolves true once the change is made, false when the member dismissed the modal; rejects with
 * any other failure.
 */
export function usePasscodeGate(describe: (error: unknown) => string | null) {
  const [pending, setPending] = useState<Pending | null>(null);

  /** Asks for the passcode at once: for the changes that always need it (its backup email, removing it). */
  const ask = (action: (passcode: string) => Promise<void>): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      setPending({
        run: (passcode) => action(passcode),
        settle: ({ done, error }) => {
          setPending(null);
          if (error) reject(error instanceof Error ? error : new Error('The protected change failed'));
          else resolve(done);
        },
      });
    });

  const guarded = async (action: (passcode: string | undefined) => Promise<void>): Promise<boolean> => {
    try {
      await action(undefined);
      return true;
    } catch (failure) {
      if (!needsPasscode(failure)) throw failure;
    }
    return ask(action);
  };

  const modal = pending && (
    <ParentalPasscodeModal
      onSubmit={pending.run}
      onClose={pending.settle}
      describe={describe}
      stayOpenOnError={typeof window !== 'undefined' && STAYS_OPEN.has(window.location.pathname.replace(/\/$/, ''))}
    />
  );
  return { guarded, ask, modal };
}
