import { useState, type FormEvent } from 'react';
import { ApiError, patch, projectPath } from '../api';
import { NotAvailable, ReadOnlyNote, useAction } from '../components';
import type { ProjectPageProps } from './props';
import {
  FRAUD_FIELDS,
  MESSENGER_FIELDS,
  readField,
  SMS_FIELDS,
  VERIFY_FIELDS,
  verifyProblems,
  type Field,
  type FormValue,
} from './settings-fields';

type Kind = 'verify' | 'messenger' | 'sms' | 'fraud';

const TITLES: Record<Kind, string> = {
  verify: 'Verify',
  messenger: 'Messenger channel',
  sms: 'SMS channel',
  fraud: 'Fraud protection',
};

export function Settings({ project, can, reloadProject }: ProjectPageProps) {
  const writable = can('settings.write');
  const approved = (project.sender_ids ?? []).filter((s) => s.status === 'approved').map((s) => s.value);
  const forms: [Kind, Field[], Record<string, unknown> | null | undefined][] = [
    ['verify', VERIFY_FIELDS, project.settings.verify as unknown as Record<string, unknown> | null],
    ['messenger', MESSENGER_FIELDS, project.settings.messenger as unknown as Record<string, unknown> | null],
    ['sms', SMS_FIELDS, project.settings.sms as unknown as Record<string, unknown> | null],
    ['fraud', FRAUD_FIELDS, project.settings.fraud],
  ];
  return (
    <>
      <ReadOnlyNote canWrite={writable} />
      {forms.map(([kind, fields, current]) => (
        <SettingsForm
          key={kind}
          projectId={project.id}
          kind={kind}
          fields={fields}
          current={current}
          writable={writable}
          senders={approved}
          onSaved={reloadProject}
        />
      ))}
    </>
  );
}

function SettingsForm({
  projectId,
  kind,
  fields,
  current,
  writable,
  senders,
  onSaved,
}: {
  projectId: string;
  kind: Kind;
  fields: Field[];
  current: Record<string, unknown> | null | undefined;
  writable: boolean;
  senders: string[];
  onSaved: () => void;
}) {
  const action = useAction();
  const [missing, setMissing] = useState(false);
  const title = TITLES[kind];
  if (current === undefined || missing) {
    return (
      <article>
        <h3>{title}</h3>
        <NotAvailable what={`${title} settings`} />
      </article>
    );
  }
  if (current === null) {
    return (
      <article>
        <h3>{title}</h3>
        <p role="alert">These settings cannot be read right now (their service did not answer).</p>
      </article>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: Record<string, FormValue> = {};
    const problems: string[] = [];
    for (const field of fields) {
      const read = readField(field, data.get(field.name));
      if ('problem' in read) problems.push(read.problem);
      else values[field.name] = read.value;
    }
    if (kind === 'verify') problems.push(...verifyProblems(values));
    // Only what changed is sent: the API checks the result as a whole.
    const changes = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(current[name] ?? null)),
    );
    void action.run(async () => {
      if (problems.length > 0) throw new ApiError(422, 'INVALID_REQUEST_BODY', problems.join('; '));
      if (Object.keys(changes).length === 0) return 'Nothing changed.';
      try {
        await patch(projectPath(projectId, `/settings/${kind}`), changes);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404 && e.code === 'NOT_FOUND') setMissing(true);
        throw e;
      }
      onSaved();
      return `${title} settings saved.`;
    });
  };
  return (
    <article>
      <h3>{title}</h3>
      <form onSubmit={submit} aria-label={`${title} settings`}>
        <fieldset disabled={!writable} className="settings-grid">
          {fields.map((field) => (
            <FieldInput key={field.name} kind={kind} field={field} value={current[field.name]} senders={senders} />
          ))}
        </fieldset>
        {action.feedback}
        {writable && (
          <button type="submit" aria-busy={action.busy} disabled={action.busy}>
            Save {title.toLowerCase()} settings
          </button>
        )}
      </form>
    </article>
  );
}

function FieldInput({ kind, field, value, senders }: { kind: Kind; field: Field; value: unknown; senders: string[] }) {
  const id = `${kind}-${field.name}`;
  switch (field.kind) {
    case 'boolean':
      return (
        <label htmlFor={id} className="switch-label">
          <input id={id} name={field.name} type="checkbox" role="switch" defaultChecked={value === true} />
          {field.label}
        </label>
      );
    case 'integer':
      return (
        <label htmlFor={id}>
          {field.label} ({field.min}-{field.max}
          {field.unit ? ` ${field.unit}` : ''})
          <input
            id={id}
            name={field.name}
            type="number"
            min={field.min}
            max={field.max}
            step={1}
            required
            defaultValue={String(value ?? '')}
          />
        </label>
      );
    case 'choice':
      return (
        <label htmlFor={id}>
          {field.label}
          <select id={id} name={field.name} defaultValue={String(value ?? '')} required>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
      );
    case 'text':
      return (
        <label htmlFor={id} className="wide">
          {field.label} (up to {field.maxLength} characters
          {field.mustContain ? `, must include ${field.mustContain}` : ''})
          <textarea
            id={id}
            name={field.name}
            maxLength={field.maxLength}
            rows={2}
            required
            defaultValue={String(value ?? '')}
          />
        </label>
      );
    case 'url':
      return (
        <label htmlFor={id} className="wide">
          {field.label} (public http or https URL; empty for none)
          <input
            id={id}
            name={field.name}
            type="url"
            maxLength={2048}
            defaultValue={typeof value === 'string' ? value : ''}
          />
        </label>
      );
    case 'sender': {
      const options = typeof value === 'string' && !senders.includes(value) ? [value, ...senders] : senders;
      return (
        <label htmlFor={id}>
          {field.label}
          <select id={id} name={field.name} defaultValue={typeof value === 'string' ? value : ''}>
            <option value="">(none)</option>
            {options.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      );
    }
    case 'list':
      return (
        <label htmlFor={id} className="wide">
          {field.label} ({field.hint})
          <input id={id} name={field.name} defaultValue={Array.isArray(value) ? value.join(', ') : ''} />
        </label>
      );
    case 'amount':
      return (
        <label htmlFor={id}>
          {field.label}
          <input id={id} name={field.name} inputMode="decimal" defaultValue={typeof value === 'string' ? value : ''} />
        </label>
      );
  }
}
