import { postJson } from '../../app/http';

export type ChatRole = 'user' | 'assistant';
export type ChatMessage = { role: ChatRole; content: string };

/** REST, not GraphQL: POST /api/ai-assistant {message, conversationHistory} → {response}. */
export async function askAssistant(message: string, conversationHistory: readonly ChatMessage[]): Promise<string> {
  const answer = await postJson<{ response?: unknown }>('/api/ai-assistant', { message, conversationHistory });
  if (typeof answer.response !== 'string') throw new Error('The assistant sent no response');
  return answer.response;
}
