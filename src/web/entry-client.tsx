import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { NOT_FOUND_HANDLER } from '../shared/bootstrap.ts';
import { shouldStopStartup } from '../shared/startup.ts';
import { setAppVersion } from './api/http.ts';
import { App } from './shell/App.tsx';
import { holdSubmissionsUntilLive } from './shell/held-submission.ts';
import { fetchInitialState, hydrationDelayMs, readPageParts, recordStartupQuery } from './shell/startup-dom.ts';
import { CORE_TEXT_HANDLERS, createI18n, loadBundles, mergeBundles, registerPageTexts } from './i18n/i18n.ts';
import { initialView } from './router/Router.tsx';
import { loadRoute, setRouteManifest } from './router/route-table.ts';
import './styles/tokens.css';
import './styles/global.css';

async function start(): Promise<void> {
  const url = new URL(window.location.href);
  if (shouldStopStartup(url)) return;
  holdSubmissionsUntilLive();
  const { bootstrap, routes, coreTexts, root, state: embedded } = readPageParts();
  setAppVersion(bootstrap.appVersion);
  setRouteManifest(routes);
  recordStartupQuery(url);

  const handlerId = bootstrap.initialHandlerId;
  const withPages = handlerId !== NOT_FOUND_HANDLER && !CORE_TEXT_HANDLERS.has(handlerId);
  const [state, pageTexts, module] = await Promise.all([
    embedded ?? fetchInitialState(),
    withPages ? loadBundles(bootstrap.locale, ['pages']) : {},
    handlerId === NOT_FOUND_HANDLER ? null : loadRoute(handlerId),
  ]);
  const i18n = createI18n(bootstrap.locale, mergeBundles(coreTexts, pageTexts));
  registerPageTexts(i18n, bootstrap.locale, withPages);
  const view = initialView(url, handlerId, bootstrap.handlerProps.params, module);
  const app = <App bootstrap={bootstrap} state={state} i18n={i18n} initialView={view} />;

  if (bootstrap.renderMode !== 'server') {
    createRoot(root).render(app);
    return;
  }
  const delay = hydrationDelayMs(bootstrap);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  // As a transition, hydration yields to the browser every few milliseconds: pictures that
  // arrive meanwhile are painted at once instead of after the whole tree is hydrated.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => {
        console.warn('Recoverable hydration error', error);
      },
    });
  });
}

void start();
