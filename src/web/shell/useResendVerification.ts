import { useState } from 'react';
import { resendVerificationEmail } from '../api/auth.ts';

export type ResendState = 'idle' | 'sending' | 'sent';

/** 'Resend email' of the verification prompts: idle, sending, then a disabled 'Email sent'. */
export function useResendVerification(beforeSend: () => void = () => undefined) {
  const [state, setState] = useState<ResendState>('idle');
  const [failed, setFailed] = useState(false);
  const resend = async () => {
    setState('sending');
    setFailed(false);
    beforeSend();
    try {
      await resendVerificationEmail();
      setState('sent');
    } catch {
      setState('idle');
      setFailed(true);
    }
  };
  return { state, failed, resend };
}
