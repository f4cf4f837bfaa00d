/** /settings opens the first area a member looks for: their account. */
export { default, head, resources } from './settings/account-settings.tsx';
