import { useFeed, useResource } from '../data/resources.tsx';
import { FollowTopicButton } from '../follow/FollowButton.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import type { PinJson } from '../pins/types.ts';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { breadcrumb, coverPreview } from './discovery-seo.ts';
import { topicPinsRequest, topicRequest, type TopicAddress } from './requests.ts';
import styles from './discovery.module.css';
import type { InterestJson } from '../../shared/contracts/social.ts';

/**
 * A topic's page, at /topics/:interest (by slug) and /ideas/:interest/:id (by id). Both show the
 * same page; its canonical address is the ideas one, which stays put if the topic's slug changes.
 */
export function topicRoute(addressOf: (params: Record<string, string>) => TopicAddress) {
  const head = (context: HeadContext): PageHead => {
    const address = addressOf(context.params);
    const topic = context.data(topicRequest(address)) as InterestJson | undefined;
    if (!topic) return unloadedHead(context);
    const pins = context.data(topicPinsRequest(address)) as PinJson[] | undefined;
    return {
      title: context.t('discovery.topicTitle', { name: topic.name }),
      canonicalPath: topic.url,
      preview: coverPreview(context.t('discovery.topicDescription', { name: topic.name }), pins?.[0], topic.name),
      structuredData: [
        breadcrumb(
          [
            { name: context.t('discovery.ideasHeading'), path: '/ideas/' },
            { name: topic.name, path: topic.url },
          ],
          context.origin,
        ),
      ],
    };
  };
  const Page = ({ params }: PageProps) => {
    const address = addressOf(params);
    const topic = useResource(topicRequest(address));
    if (topic.status !== 'ready') return <PageStatus state={topic} />;
    return <TopicView topic={topic.data} address={address} />;
  };
  return { head, Page };
}

function TopicView({ topic, address }: { topic: InterestJson; address: TopicAddress }) {
  const { t } = useTranslation();
  const feed = useFeed(topicPinsRequest(address));
  const empty = feed.status === 'ready' && feed.items.length === 0;
  return (
    <div className={styles.page} data-page="topic">
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <a href="/ideas/">{t('discovery.ideasHeading')}</a>
        </p>
        <h1 className={styles.title}>{topic.name}</h1>
        <p className={styles.meta}>{t('discovery.followers', { count: topic.follower_count })}</p>
        <FollowTopicButton topic={topic} />
      </header>
      {empty ? (
        <p className={styles.empty}>{t('discovery.topicEmpty')}</p>
      ) : (
        <PinGrid feed={feed} label={t('discovery.topicGridLabel', { name: topic.name })} />
      )}
    </div>
  );
}
