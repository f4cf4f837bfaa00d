import type { HeadContext, PageHead } from '../router/types.ts';
import { PinBuilder } from '../pin-builder/PinBuilder.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('pinBuilder.pageTitle'), canonicalPath: null, noindex: true };
}

/** /pin-builder: create a pin from an upload or a web page (members only). */
export default function PinBuilderPage() {
  return <PinBuilder />;
}
