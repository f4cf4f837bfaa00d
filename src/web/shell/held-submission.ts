/**
 * From the moment the entry module runs until the page is hydrated, a submitted form would post
 * natively: no CSRF header, no handler behind the page's URL. The submission is held instead
 * (the last one wins: a person pressing Enter twice meant one) and made again, through the
 * form's own React handler, once the page is live. Forms submitted before the module ran at all
 * are sent back to their page by the server (auth.hook.ts).
 */
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

function hold(event: SubmitEvent): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  // React's own listener sits on the root, below the document: it must not also see this one.
  event.stopPropagation();
  held = { form: event.target, submitter: event.submitter };
}

export function holdSubmissionsUntilLive(): void {
  document.addEventListener('submit', hold, true);
}

/** Called once hydrated: later submissions go to React; a held one is made again now. */
export function releaseHeldSubmission(): void {
  document.removeEventListener('submit', hold, true);
  const submission = held;
  held = null;
  if (!submission?.form.isConnected) return;
  const submitter = submission.submitter?.isConnected ? submission.submitter : null;
  submission.form.requestSubmit(submitter);
}
