import { useCallback, useRef, useState } from 'react';
import { askAssistant, type ChatMessage } from './assistant.api';

export const ASSISTANT_NAME = 'Policy Assistant';

export const GREETING: ChatMessage = {
  role: 'assistant',
  content: [
    `Hello! I'm your ${ASSISTANT_NAME}. I can help you with:`,
    '• Using the system',
    '• Navigating features',
    '• Managing policies and members',
    '• Processing claims',
    '• Understanding subscription tiers',
    '',
    'What would you like to know?',
  ].join('\n'),
};

export const FAILURE_REPLY = "I apologize, but I'm having trouble responding right now. Please try again.";

export type Ask = typeof askAssistant;

/**
 * The conversation (spec §4 Chat): sending appends the user's message, waits for the reply (or
 * the apology on failure) and appends it. Blank input and a pending reply block sending.
 */
export function useAssistantChat(ask: Ask = askAssistant) {
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [isPending, setPending] = useState(false);
  // Refs mirror the state so that two sends in one tick cannot both get through, and so the
  // history sent with a message is exactly what was on screen when it was sent.
  const messagesRef = useRef<ChatMessage[]>([GREETING]);
  const pendingRef = useRef(false);

  const append = useCallback((message: ChatMessage) => {
    messagesRef.current = [...messagesRef.current, message];
    setMessages(messagesRef.current);
  }, []);

  /** Returns whether the text was sent (so the caller clears the input only then). */
  const send = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      if (!message || pendingRef.current) return false;
      const history = messagesRef.current;
      pendingRef.current = true;
      setPending(true);
      append({ role: 'user', content: message });
      void (async () => {
        let reply: string;
        try {
          reply = await ask(message, history);
        } catch {
          reply = FAILURE_REPLY;
        }
        append({ role: 'assistant', content: reply });
        pendingRef.current = false;
        setPending(false);
      })();
      return true;
    },
    [ask, append],
  );

  return { messages, isPending, send };
}
