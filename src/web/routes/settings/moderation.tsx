import { useTranslation } from '../../i18n/translate.tsx';
import { Decisions, noticesRequest } from '../../moderation/Decisions.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('decisions.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [noticesRequest()];
}

/** /settings/moderation: the decisions on what the member reported and about them; the appeal (linked from the decision's mail). */
export default function ModerationDecisionsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('decisions.title')} intro={t('decisions.intro')}>
      <Decisions />
    </SettingsLayout>
  );
}
