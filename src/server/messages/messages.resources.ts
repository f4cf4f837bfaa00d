import {
  ContactRequestResource,
  ConversationMembersResource,
  ConversationMessagesResource,
  ConversationReadResource,
  ConversationResource,
  ConversationsResource,
  InviteCodeMetadataResource,
  InviteCodeResource,
  MessageSettingsResource,
  ShareSuggestionsResource,
} from '../../shared/contracts/messages.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { addMembers, answerContactRequest, leaveConversation, renameGroup } from './conversation-members.service.ts';
import { startConversation } from './conversation-start.service.ts';
import { getConversation, listConversations, listMessages, markRead } from './conversations.service.ts';
import { sendMessage } from './message-send.service.ts';
import { inviteCode, inviteMetadata } from './invites.service.ts';
import { messageSettings, shareSuggestions, updateMessageSettings } from './message-settings.service.ts';

export const messageResources: Resource[] = [
  defineResource(ConversationsResource, {
    get: async ({ input, actor, deps }) => {
      const page = await listConversations(deps, actor, input);
      return { data: page.conversations, bookmark: page.bookmark };
    },
    create: async ({ input, actor, deps }) => ({ data: await startConversation(deps, actor, input) }),
  }),
  defineResource(ConversationResource, {
    get: async ({ input, actor, deps }) => ({ data: await getConversation(deps, actor, input.conversation_id) }),
    update: async ({ input, actor, deps }) => ({ data: await renameGroup(deps, actor, input.conversation_id, input.name) }),
    delete: async ({ input, actor, deps }) => ({ data: await leaveConversation(deps, actor, input.conversation_id) }),
  }),
  defineResource(ConversationMessagesResource, {
    get: async ({ input, actor, deps }) => {
      const page = await listMessages(deps, actor, input.conversation_id, input.bookmark);
      return { data: page.messages, bookmark: page.bookmark };
    },
    create: async ({ input, actor, deps }) => ({ data: await sendMessage(deps, actor, input.conversation_id, input) }),
  }),
  defineResource(ConversationMembersResource, {
    create: async ({ input, actor, deps }) => ({ data: await addMembers(deps, actor, input.conversation_id, input.user_ids) }),
  }),
  defineResource(ConversationReadResource, {
    update: async ({ input, actor, deps }) => ({ data: await markRead(deps, actor, input.conversation_id) }),
  }),
  defineResource(ContactRequestResource, {
    update: async ({ input, actor, deps }) => ({ data: await answerContactRequest(deps, actor, input.conversation_id, input.answer) }),
  }),
  defineResource(MessageSettingsResource, {
    get: async ({ actor, deps }) => ({ data: await messageSettings(deps, actor) }),
    update: async ({ input, actor, deps }) => ({ data: await updateMessageSettings(deps, actor, input.allow_from) }),
  }),
  defineResource(InviteCodeResource, {
    create: async ({ input, actor, deps }) => ({ data: await inviteCode(deps, actor, input.invite_channel) }),
  }),
  defineResource(InviteCodeMetadataResource, {
    get: async ({ input, actor, deps }) => ({ data: await inviteMetadata(deps, actor, input.invite_code) }),
  }),
  defineResource(ShareSuggestionsResource, {
    get: async ({ input, actor, deps }) => ({ data: await shareSuggestions(deps, actor, input) }),
  }),
];
