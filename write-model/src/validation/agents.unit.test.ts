import { describe, expect, it } from 'vitest';
import { agentPatchSchema, agentSchema, agentStatusSchema, agentUpdateSchema } from './agents.ts';
import { BAD_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';

const agent = {
  firstName: 'Bongani',
  lastName: 'Zulu',
  email: 'bongani@example.co.za',
  phone: '083 555 1234',
  agentId: 'AG-001',
  commissionRate: '7.5',
  salesTarget: '50000',
  idNumber: '',
  supervisorName: '',
  region: 'Durban',
  notes: '',
  username: '',
  password: '',
};

describe('agentSchema', () => {
  it('accepts an agent without a login, numbers from text', () => {
    expect(agentSchema.parse(agent)).toMatchObject({
      phone: '0835551234',
      commissionRate: 7.5,
      salesTarget: 50000,
      idNumber: undefined,
      username: undefined,
      password: undefined,
      region: 'Durban',
    });
    expect(agentSchema.parse({ ...agent, commissionRate: 10, salesTarget: 0 })).toMatchObject({ commissionRate: 10, salesTarget: 0 });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['email', 'bongani@', 'Valid email is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', '0021234567', 'Invalid South African phone number'],
    ['agentId', '', 'Agent ID is required'],
    ['commissionRate', '', 'Commission rate is required'],
    ['commissionRate', '101', 'Commission rate must be between 0 and 100'],
    ['salesTarget', '', 'Sales target is required'],
    ['salesTarget', -1, 'Sales target cannot be negative'],
    // Read back as numeric(20,2): 1e20 would overflow the agents list.
    ['salesTarget', 1e20, 'Sales target cannot be more than 999999999.99'],
    ['salesTarget', 'NaN', 'Sales target is required'],
    ['salesTarget', 'Infinity', 'Sales target is required'],
    ['idNumber', BAD_SA_ID, 'Invalid SA ID number'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(agentSchema, { ...agent, [field]: value }, field)).toEqual([message]);
  });

  it('checks an optional login: username min 3, password min 8, both or neither', () => {
    const login = { ...agent, username: 'bzulu', password: 'longenough' };
    expect(messagesOf(agentSchema, login)).toEqual([]);
    expect(messagesAt(agentSchema, { ...login, username: 'bz' }, 'username')).toEqual(['Username must be at least 3 characters']);
    expect(messagesAt(agentSchema, { ...login, password: 'short' }, 'password')).toEqual(['Password must be at least 8 characters']);
    expect(messagesAt(agentSchema, { ...login, password: '' }, 'password')).toEqual(['Password must be at least 8 characters']);
    expect(messagesAt(agentSchema, { ...login, username: '' }, 'username')).toEqual(['Username must be at least 3 characters']);
    expect(agentSchema.parse({ ...login, idNumber: VALID_SA_ID }).idNumber).toBe(VALID_SA_ID);
  });
});

describe('agent updates', () => {
  it('edits without credentials and sets status alone', () => {
    const { username: _u, password: _p, ...fields } = agent;
    expect(agentUpdateSchema.parse({ ...fields, status: 'inactive' }).status).toBe('inactive');
    expect(agentStatusSchema.parse({ status: 'active' })).toEqual({ status: 'active' });
    expect(messagesOf(agentStatusSchema, { status: 'retired' })).toEqual(['Status must be active, inactive or suspended']);
  });
});

describe('agentPatchSchema (PATCH /api/agents/{id})', () => {
  it('keeps what is left out, clears blank optional fields, checks what is sent', () => {
    expect(agentPatchSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
    expect(agentPatchSchema.parse({ commissionRate: '10', region: '', notes: null, supervisorName: ' Thabo ' })).toEqual({
      commissionRate: 10,
      region: null,
      notes: null,
      supervisorName: 'Thabo',
    });
    expect(messagesAt(agentPatchSchema, { firstName: '' }, 'firstName')).toEqual(['First name is required']);
    expect(messagesAt(agentPatchSchema, { idNumber: BAD_SA_ID }, 'idNumber')).toEqual(['Invalid SA ID number']);
    expect(messagesAt(agentPatchSchema, { commissionRate: 120 }, 'commissionRate')).toEqual(['Commission rate must be between 0 and 100']);
    expect(agentPatchSchema.parse({ idNumber: '' })).toEqual({ idNumber: null });
  });
});
