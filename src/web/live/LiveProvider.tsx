import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LiveData, LiveKind } from '../../shared/contracts/live.ts';
import { createLiveConnection, type LiveConnection } from './live-connection.ts';

const LiveContext = createContext<LiveConnection | null>(null);

/** One live connection for the tab while a member is signed in; it opens in the browser only, after the first render. */
export function LiveProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const [connection] = useState(createLiveConnection);
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    connection.start();
    return () => {
      connection.close();
    };
  }, [signedIn, connection]);
  return <LiveContext.Provider value={signedIn ? connection : null}>{children}</LiveContext.Provider>;
}

/** Calls `onEntry` with each live entry of `kind` while the component is mounted. */
export function useLive<K extends LiveKind>(kind: K, onEntry: (data: LiveData<K>) => void): void {
  const connection = useContext(LiveContext);
  const handlerRef = useRef(onEntry);
  useEffect(() => {
    handlerRef.current = onEntry;
  });
  useEffect(
    () =>
      connection?.on(kind, (data) => {
        handlerRef.current(data as LiveData<K>);
      }),
    [connection, kind],
  );
}

/** The conversations badge: the snapshot's count, then each entry's. */
export function useConversationsUnseen(): number {
  const connection = useContext(LiveContext);
  const [count, setCount] = useState(0);
  useEffect(
    () =>
      connection?.on('snapshot', (snapshot) => {
        setCount(snapshot.conversations_unseen_count);
      }),
    [connection],
  );
  useLive('message.created', (data) => {
    setCount(data.conversations_unseen_count);
  });
  useLive('conversation.read', (data) => {
    setCount(data.conversations_unseen_count);
  });
  return count;
}
