import { agentSchema, agentUpdateSchema, type AgentInput, type AgentUpdateInput } from '@fpa/write-model/validation';
import { useMemo, useRef, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm, type ParseSchema } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { HistorySection } from '../audit/HistoryDisclosure';
import { agentName } from './agentFigures';
import {
  AGENTS_CONTEXT,
  RegisterAgentMutation,
  UpdateAgentMutation,
  type Agent,
  type RegisterAgentInput,
  type UpdateAgentInput,
} from './agents.operations';
import * as styles from './agents.css';

export type AgentFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  agentId: string;
  commissionRate: string;
  salesTarget: string;
  idNumber: string;
  supervisorName: string;
  region: string;
  notes: string;
  username: string;
  password: string;
};

export const EMPTY_AGENT_FORM: AgentFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  agentId: '',
  commissionRate: '',
  salesTarget: '',
  idNumber: '',
  supervisorName: '',
  region: '',
  notes: '',
  username: '',
  password: '',
};

function editValues(agent: Agent): AgentFormValues {
  return {
    ...EMPTY_AGENT_FORM,
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    phone: agent.phone,
    agentId: agent.agentId,
    commissionRate: String(agent.commissionRate),
    salesTarget: String(agent.salesTarget),
    idNumber: agent.idNumber ?? '',
    supervisorName: agent.supervisorName ?? '',
    region: agent.region ?? '',
    notes: agent.notes ?? '',
  };
}

/** registerAgent's input: commissionRate and salesTarget as numbers; a login only when both are given. */
export function registerAgentInput(agent: AgentInput): RegisterAgentInput {
  return {
    ...agent,
    idNumber: agent.idNumber ?? null,
    supervisorName: agent.supervisorName ?? null,
    region: agent.region ?? null,
    notes: agent.notes ?? null,
    username: agent.username ?? null,
    password: agent.password ?? null,
  };
}

/** updateAgent's input from the edit form: a blanked optional field is sent as null, which clears it. */
export function updateAgentInput(agent: AgentUpdateInput): UpdateAgentInput {
  const { status: _unchanged, ...fields } = agent;
  return {
    ...fields,
    idNumber: fields.idNumber ?? null,
    supervisorName: fields.supervisorName ?? null,
    region: fields.region ?? null,
    notes: fields.notes ?? null,
  };
}

export type AgentDialogProps = {
  /** The agent being edited; null adds a new one (with optional login credentials). */
  editing: Agent | null;
  onClose: () => void;
};

/** Add Agent / Edit Agent (spec part 2 §5 Agent form). Mounted per opening, so it starts fresh. */
export function AgentDialog({ editing, onClose }: AgentDialogProps) {
  const { toast } = useToast();
  const initial = useMemo(() => (editing ? editValues(editing) : EMPTY_AGENT_FORM), [editing]);
  // The credentials exist only when creating, so editing validates without them.
  const schema: ParseSchema<AgentInput | AgentUpdateInput> = editing ? agentUpdateSchema : agentSchema;
  const form = useSchemaForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [createState, create] = useMutation(RegisterAgentMutation);
  const [updateState, update] = useMutation(UpdateAgentMutation);
  const pending = createState.fetching || updateState.fetching;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = form.validate();
    if (!parsed) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = editing
      ? await update({ id: editing.id, input: updateAgentInput(parsed) }, AGENTS_CONTEXT)
      : await create({ input: registerAgentInput(parsed) }, AGENTS_CONTEXT);
    if (result.error) {
      form.setErrors(errorFieldIssues(result.error));
      focusFirstInvalid(formRef.current);
      toast({
        title: 'Error',
        description: serverMessageOr(result.error, editing ? 'Failed to update agent' : 'Failed to add agent'),
        variant: 'destructive',
      });
      return;
    }
    const name = agentName(parsed);
    toast(
      editing
        ? { title: 'Agent updated', description: `${name}'s details were saved.` }
        : { title: 'Agent added', description: `${name} has been added.` },
    );
    onClose();
  };

  const field = form.field;
  return (
    <Modal isOpen onOpenChange={(open) => !open && !pending && onClose()} size="wide" isDismissable={!pending}>
      <Dialog title={editing ? 'Edit Agent' : 'Add New Agent'}>
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          aria-label={editing ? 'Edit agent' : 'Add agent'}
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Agent details</legend>
            <TextField label="First name" isRequired autoComplete="off" {...field('firstName')} />
            <TextField label="Last name" isRequired autoComplete="off" {...field('lastName')} />
            <TextField label="Email" isRequired type="email" autoComplete="off" {...field('email')} />
            <TextField label="Phone number" isRequired type="tel" placeholder="0821234567" {...field('phone')} />
            <TextField label="Agent ID" isRequired autoComplete="off" placeholder="e.g. AGT001" {...field('agentId')} />
            <TextField label="SA ID number (optional)" inputMode="numeric" maxLength={13} {...field('idNumber')} />
            <TextField label="Commission rate (%)" isRequired inputMode="decimal" placeholder="e.g. 7.5" {...field('commissionRate')} />
            <TextField label="Monthly sales target (R)" isRequired inputMode="decimal" placeholder="e.g. 50000" {...field('salesTarget')} />
            <TextField label="Supervisor (optional)" autoComplete="off" {...field('supervisorName')} />
            <TextField label="Region (optional)" autoComplete="off" {...field('region')} />
            <TextField label="Notes (optional)" multiline rows={2} className={styles.fullRow} {...field('notes')} />
          </fieldset>
          {!editing && (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Login account (optional)</legend>
              <p className={`${styles.hint} ${styles.fullRow}`}>
                With a username and password the agent can sign in to onboard clients and see their own performance.
              </p>
              <TextField label="Username" autoComplete="off" {...field('username')} />
              <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
            </fieldset>
          )}
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={pending}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={pending}>
              {pending ? 'Saving...' : editing ? 'Save Changes' : 'Add Agent'}
            </Button>
          </div>
        </form>
        {editing && <HistorySection entity="agent" id={editing.id} name={`agent ${agentName(editing)}`} />}
      </Dialog>
    </Modal>
  );
}
