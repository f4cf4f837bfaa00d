import { splitTodaySlug } from '../../shared/today-paths.ts';
import { tabPath } from '../search/search-url.ts';
import { useFeed, useResource } from '../data/resources.tsx';
import { FollowTopicButton } from '../follow/FollowButton.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import type { PinJson } from '../pins/types.ts';
import type { HeadContext, PageHead, PageInput, PageProps, PageResource } from '../router/types.ts';
import { breadcrumb, coverPreview } from './discovery-seo.ts';
import { articlePinsRequest, articleRequest } from './requests.ts';
import { kindLabelKey } from './today-region.ts';
import type { TodayArticleJson } from '../../shared/contracts/discovery.ts';
import styles from './discovery.module.css';

/** Which article an address names, and the pin it leads with when its slug is `text--pinId`. */
export type ArticleAddress = { id: string; leadPinId: string | null };

/**
 * A Today article's page: at /today/{shop|trending|best|article}/{slug}/{id}/ and at the old
 * /today/:term/:title/:articleId. Both show the same page; its canonical address is the first.
 */
export function articleRoute(addressOf: (params: Record<string, string>) => { id: string; slug: string }) {
  const address = (params: Record<string, string>): ArticleAddress => {
    const { id, slug } = addressOf(params);
    return { id, leadPinId: splitTodaySlug(slug).pinId };
  };
  const resources = ({ params }: PageInput): PageResource[] => {
    const { id, leadPinId } = address(params);
    return [{ ...articleRequest(id), required: true }, articlePinsRequest(id, leadPinId)];
  };
  const head = (context: HeadContext): PageHead => {
    const { id, leadPinId } = address(context.params);
    const article = context.data(articleRequest(id)) as TodayArticleJson | undefined;
    if (!article) return unloadedHead(context);
    const pins = context.data(articlePinsRequest(id, leadPinId)) as PinJson[] | undefined;
    return {
      title: context.t('discovery.articleTitle', { title: article.title }),
      canonicalPath: article.url,
      preview: {
        ...coverPreview(context.t('discovery.articleDescription', { title: article.title }), pins?.[0] ?? article.cover_pin, article.title),
        type: 'article',
      },
      structuredData: [
        breadcrumb(
          [
            { name: context.t('discovery.todayHeading'), path: '/today/' },
            { name: article.title, path: article.url },
          ],
          context.origin,
        ),
      ],
    };
  };
  const Page = ({ params }: PageProps) => {
    const { id, leadPinId } = address(params);
    const article = useResource(articleRequest(id));
    if (article.status !== 'ready') return <PageStatus state={article} />;
    return <ArticleView article={article.data} leadPinId={leadPinId} />;
  };
  return { head, resources, Page };
}

function ArticleView({ article, leadPinId }: { article: TodayArticleJson; leadPinId: string | null }) {
  const { t } = useTranslation();
  const feed = useFeed(articlePinsRequest(article.id, leadPinId));
  const empty = feed.status === 'ready' && feed.items.length === 0;
  return (
    <div className={styles.page} data-page="today-article">
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <a href="/today/">{t('discovery.todayHeading')}</a> · {t(kindLabelKey(article))}
        </p>
        <h1 className={styles.title}>{article.title}</h1>
        <ArticleSource article={article} />
      </header>
      {empty ? (
        <p className={styles.empty}>{t('discovery.articleEmpty')}</p>
      ) : (
        <PinGrid feed={feed} label={t('discovery.articleGridLabel', { title: article.title })} />
      )}
    </div>
  );
}

/** Where the article's pins come from: its topic (to follow) or its search (to go on with). */
function ArticleSource({ article }: { article: TodayArticleJson }) {
  const { t } = useTranslation();
  if (article.interest) {
    return (
      <>
        <p className={styles.meta}>
          <a href={article.interest.url}>{t('discovery.moreAbout', { name: article.interest.name })}</a>
        </p>
        <FollowTopicButton topic={article.interest} />
      </>
    );
  }
  if (article.query) {
    return (
      <p className={styles.meta}>
        <a href={tabPath(article.is_shop ? 'buyable_pins' : 'pins', article.query)}>{t('discovery.searchFor', { query: article.query })}</a>
      </p>
    );
  }
  return null;
}
