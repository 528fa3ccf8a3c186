import { useAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { assistantOpenAtom } from '../../app/atoms';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import * as styles from './assistant.css';
import { MessageText } from './MessageText';
import { ASSISTANT_NAME, useAssistantChat, type Ask } from './useAssistantChat';

/** The floating help chat shown with every signed-in page. `ask` is replaceable for tests. */
export function AssistantWidget({ ask }: { ask?: Ask }) {
  const [isOpen, setOpen] = useAtom(assistantOpenAtom);
  const panelId = useId();
  // Held here, not in the panel, so closing and reopening the panel keeps the conversation.
  const chat = useAssistantChat(ask);
  return (
    <>
      {isOpen && <AssistantPanel id={panelId} chat={chat} onClose={() => setOpen(false)} />}
      <Button
        className={styles.launcher}
        aria-label={isOpen ? `Close ${ASSISTANT_NAME}` : `Open ${ASSISTANT_NAME}`}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onPress={() => setOpen(!isOpen)}
      >
        <Icon name={isOpen ? 'close' : 'chat'} size={24} />
      </Button>
    </>
  );
}

type AssistantPanelProps = { id: string; chat: ReturnType<typeof useAssistantChat>; onClose: () => void };

function AssistantPanel({ id, chat, onClose }: AssistantPanelProps) {
  const { messages, isPending, send } = chat;
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, isPending]);

  const submit = () => {
    if (send(draft)) setDraft('');
  };

  return (
    <section id={id} className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <Icon name="chat" size={18} />
          {ASSISTANT_NAME}
        </h2>
        <Button variant="ghost" size="icon" className={styles.closeButton} aria-label="Close assistant" onPress={onClose}>
          <Icon name="close" />
        </Button>
      </header>
      {/* A log: screen readers read each new message as it arrives. */}
      <div ref={listRef} className={styles.messages} role="log" aria-label="Conversation" tabIndex={0}>
        {messages.map((message, index) => (
          <p key={index} className={cx(styles.bubble, styles.bubbleRole[message.role])}>
            {message.role === 'assistant' ? <MessageText text={message.content} /> : message.content}
          </p>
        ))}
        {isPending && (
          <div className={styles.pending}>
            <Spinner label={`${ASSISTANT_NAME} is replying`} />
          </div>
        )}
      </div>
      <div className={styles.composer}>
        <TextField
          className={styles.input}
          label="Message"
          labelHidden
          placeholder="Ask me anything..."
          multiline
          rows={1}
          autoFocus
          value={draft}
          onChange={setDraft}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter falls through and the textarea inserts a newline.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button size="icon" aria-label="Send message" isDisabled={isPending || draft.trim() === ''} onPress={submit}>
          <Icon name="send" />
        </Button>
      </div>
    </section>
  );
}
