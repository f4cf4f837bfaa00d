import { useState } from 'react';
import type { ProfileJson } from '../../shared/contracts/social.ts';
import { ApiError, callResource } from '../api/http.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import styles from './profile.module.css';

/** What stands in for the tabs of a private profile: its state and what following it asks. */
export function PrivateNotice({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const name = profile.first_name || profile.username;
  return (
    <section className={styles.privateNotice} aria-labelledby="private-profile-title">
      <h2 id="private-profile-title" className={styles.privateTitle}>
        {t('privateProfile.title')}
      </h2>
      <p>{profile.follow_requested_by_me ? t('privateProfile.requested', { name }) : t('privateProfile.followToSee', { name })}</p>
    </section>
  );
}

/**
 * Follow on a private profile asks; the answer is the owner's, so nothing is shown before the
 * server says so: the profile is read again after each click (Requested, or back to Follow).
 */
export function RequestFollowButton({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const requested = profile.follow_requested_by_me;
  const toggle = async () => {
    setBusy(true);
    try {
      await callResource('UserFollowResource', requested ? 'delete' : 'create', { user_id: profile.id });
      store.invalidate((request) => request.name === 'UserResource' && request.options['username'] === profile.username);
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('follow.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={requested ? styles.secondary : styles.primary} disabled={busy} onClick={() => void toggle()}>
      {requested ? t('follow.requested') : t('follow.follow')}
    </button>
  );
}
