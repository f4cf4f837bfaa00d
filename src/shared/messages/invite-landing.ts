/**
 * Invite landing (business spec sections 3 and 4): a link with `invite_code` shows who invited the
 * reader. A signed-out desktop visitor gets the inviter popover unless the channel is 5, 9, 12 or
 * 16; a signed-in member gets a toast when the inviter is someone else and messaging is on for
 * both, on desktop or mobile; a failed or empty lookup shows nothing.
 */
export const POPOVER_SILENT_CHANNELS: ReadonlySet<number> = new Set([5, 9, 12, 16]);

export type InviteMetadata = {
  sender: { id: string; first_name: string; full_name: string; image_medium_url: string | null; should_show_messaging: boolean } | null;
  invite_channel: number | null;
};

export type InviteViewer = { signedIn: false; desktop: boolean } | { signedIn: true; userId: string; messagingOn: boolean; desktop: boolean; mobile: boolean };

export type InviteLanding = 'popover' | 'toast' | null;

export function inviteLanding(viewer: InviteViewer, metadata: InviteMetadata | null): InviteLanding {
  const sender = metadata?.sender;
  if (!sender) return null;
  if (!viewer.signedIn) {
    if (!viewer.desktop) return null;
    return metadata.invite_channel !== null && POPOVER_SILENT_CHANNELS.has(metadata.invite_channel) ? null : 'popover';
  }
  if (sender.id === viewer.userId) return null;
  if (!sender.should_show_messaging || !viewer.messagingOn) return null;
  return viewer.desktop || viewer.mobile ? 'toast' : null;
}
