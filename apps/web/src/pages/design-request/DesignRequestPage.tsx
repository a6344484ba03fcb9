import { useEffect, useRef, useState } from 'react';
import { Code } from '@packsmith/contracts';
import { loadCurrentUser } from '../../api/current-user';
import { ApiError } from '../../api/error-catalogue';
import { DesignRequestForm } from '../../features/design-request/DesignRequestForm';
import { DesignRequestSent } from '../../features/design-request/DesignRequestSent';
import {
  EMPTY_FORM,
  draftStore,
  fieldId,
  fieldOfMessage,
  firstInvalid,
  toInput,
  validate,
  type DesignRequestForm as Form,
  type FieldName,
  type FormErrors,
} from '../../features/design-request/design-request-form';
import { useSendDesignRequest, useSubjects } from '../../features/design-request/design-request-queries';
import { PageFrame } from '../../layout/PageFrame';
import { useSessionStore } from '../../stores/session.store';

function focusField(field: FieldName | null) {
  if (!field) return;
  // After React has drawn the messages, so the field's description is read with it.
  requestAnimationFrame(() => {
    const el = document.getElementById(fieldId(field));
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  });
}

function DesignRequestPage() {
  const [form, setForm] = useState<Form>(() => draftStore.load() ?? EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const triedOnce = useRef(false);
  const subjects = useSubjects();
  const send = useSendDesignRequest();

  const token = useSessionStore((s) => s.token);
  const userStatus = useSessionStore((s) => s.userStatus);
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore((s) => s.tokenType === 'user');

  useEffect(() => {
    if (token && userStatus === 'unknown') void loadCurrentUser();
  }, [token, userStatus]);

  // A signed-in visitor's name and email, into fields they have not filled yet.
  useEffect(() => {
    if (!signedIn || !user) return;
    setForm((f) => (f.name || f.email ? f : { ...f, name: f.name || (user.name ?? ''), email: f.email || (user.email ?? '') }));
  }, [signedIn, user]);

  const change = (patch: Partial<Form>) => {
    const next = { ...form, ...patch };
    setForm(next);
    draftStore.save(next);
    setSendError(null);
    setErrors((prev) => {
      const kept: FormErrors = { ...prev };
      for (const k of Object.keys(patch) as FieldName[]) delete kept[k];
      // After a first try, the messages follow what is typed (and disappear once a field is right).
      return triedOnce.current ? { ...kept, ...pick(validate(next), Object.keys(patch) as FieldName[]) } : kept;
    });
  };

  const submit = () => {
    triedOnce.current = true;
    setSendError(null);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(firstInvalid(found));
      return;
    }
    send.mutate(toInput(form), {
      onSuccess: (data) => {
        draftStore.clear();
        setSent({ reference: data.reference, email: form.email.trim() });
        window.scrollTo?.({ top: 0 });
      },
      onError: (err) => {
        const message = err instanceof ApiError ? err.message : 'The request could not be sent.';
        const field = err instanceof ApiError && (err.code === Code.BAD_REQUEST || err.code === Code.FORBIDDEN) ? fieldOfMessage(message) : null;
        if (field) {
          setErrors({ [field]: message });
          focusField(field);
        } else {
          setSendError(err instanceof ApiError && err.failure.kind === 'network' ? 'The request could not be sent: the connection failed.' : message);
        }
      },
    });
  };

  const another = () => {
    triedOnce.current = false;
    send.reset();
    setErrors({});
    setSent(null);
    setForm(signedIn && user ? { ...EMPTY_FORM, name: user.name ?? '', email: user.email ?? '' } : EMPTY_FORM);
  };

  return (
    <PageFrame
      route="designRequirements"
      description="Prefer a human designer? Tell us about your product, brand and deadline, and our packaging design team replies by email with a proposal and a quote."
    >
      {sent ? (
        <DesignRequestSent reference={sent.reference} email={sent.email} onAnother={another} />
      ) : (
        <div className="mx-auto max-w-3xl">
          <DesignRequestForm
            form={form}
            errors={errors}
            subjects={subjects.data}
            subjectsError={subjects.isError}
            onRetrySubjects={() => void subjects.refetch()}
            sending={send.isPending}
            sendError={sendError}
            onChange={change}
            onSubmit={submit}
          />
        </div>
      )}
    </PageFrame>
  );
}

function pick(errors: FormErrors, fields: readonly FieldName[]): FormErrors {
  return Object.fromEntries(fields.filter((f) => errors[f]).map((f) => [f, errors[f]]));
}

export { DesignRequestPage as Component };
