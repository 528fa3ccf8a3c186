import { graphql } from 'gql.tada';
import { PREFERRED_CHANNEL_LABELS, PREFERRED_CHANNELS, type PreferredChannel } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage, serverMessageOr } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, Modal } from '../../ui/Dialog';
import { RadioGroup } from '../../ui/RadioGroup';
import * as pageStyles from './memberPage.css';
import * as styles from './members.css';

const CommunicationQuery = graphql(`
  query MemberCommunication($memberId: ID!) {
    memberCommunication(memberId: $memberId) {
      memberId
      preferredChannel
      optedOut
    }
  }
`);

const SetCommunicationMutation = graphql(`
  mutation SetMemberCommunication($id: ID!, $input: SetMemberCommunicationInput!) {
    setMemberCommunication(id: $id, input: $input) {
      memberId
      preferredChannel
      optedOut
    }
  }
`);

const CONTEXT = { additionalTypenames: ['MemberCommunication', 'Notification'] };
const OPTIONS = PREFERRED_CHANNELS.map((id) => ({ id, label: PREFERRED_CHANNEL_LABELS[id] }));

/**
 * How the member wants to hear from the company (issue #24, POPIA): the preferred channel, and an opt-out
 * of every message but the legally required non-payment notice. The server applies both to the next message.
 */
export function CommunicationDialog({ memberId, name, onClose }: { memberId: string; name: string; onClose: () => void }) {
  const [{ data, error }] = useQuery({ query: CommunicationQuery, variables: { memberId }, context: CONTEXT });
  const current = data?.memberCommunication;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title={`Messages to ${name}`}>
        {error && !data && <p>{errorMessage(error)}</p>}
        {current && (
          <CommunicationForm
            key={`${current.preferredChannel}|${current.optedOut}`}
            memberId={memberId}
            current={current}
            onClose={onClose}
          />
        )}
      </Dialog>
    </Modal>
  );
}

function CommunicationForm({
  memberId,
  current,
  onClose,
}: {
  memberId: string;
  current: { preferredChannel: PreferredChannel; optedOut: boolean };
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [preferredChannel, setPreferredChannel] = useState<PreferredChannel>(current.preferredChannel);
  const [optedOut, setOptedOut] = useState(current.optedOut);
  const [{ fetching }, save] = useMutation(SetCommunicationMutation);

  const onSave = async () => {
    const result = await save({ id: memberId, input: { preferredChannel, optedOut } }, CONTEXT);
    if (result.error) {
      toast({
        title: 'Not saved',
        description: serverMessageOr(result.error, 'The preferences could not be saved'),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Preferences saved',
      description: optedOut ? 'Only the legally required notices will be sent.' : 'The next messages follow them.',
    });
    onClose();
  };

  return (
    <div className={styles.form}>
      <RadioGroup
        label="Preferred channel"
        options={OPTIONS}
        value={preferredChannel}
        onChange={(v) => setPreferredChannel(v as PreferredChannel)}
        description="With no phone number or e-mail address on record for the channel chosen, messages go as usual."
      />
      <Checkbox isSelected={optedOut} onChange={setOptedOut}>
        Opted out of messages (POPIA)
      </Checkbox>
      <p className={pageStyles.muted}>Opted out, the member still gets the non-payment notice the law requires before a lapse.</p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button isDisabled={fetching} onPress={() => void onSave()}>
          {fetching ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
