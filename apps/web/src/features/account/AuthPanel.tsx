import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { userCalls } from '@packsmith/contracts';
import { quietCall } from '../../api/client';
import { originField } from '../../navigation/nav-rules';
import { useSessionStore } from '../../stores/session.store';
import { Field } from './Field';
import { fieldErrors, type FieldErrors } from './form-errors';
import { GoogleButton } from './GoogleButton';
import { completeSignIn } from './session-actions';

type Mode = 'signIn' | 'register';

interface AuthPanelProps {
  initialMode?: Mode;
  /** Called once the account is signed in and loaded. */
  onDone?(): void;
}

/** Sign in with email and password, or register with the code we email (SPEC §7). */
export function AuthPanel({ initialMode = 'signIn', onDone }: AuthPanelProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  return (
    <div>
      <div role="tablist" aria-label="Account" className="mb-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1 text-sm font-medium">
        {(['signIn', 'register'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
            className={`rounded-lg py-2 transition-colors ${mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800'}`}
          >
            {m === 'signIn' ? 'Sign in' : 'Create account'}
          </button>
        ))}
      </div>
      <GoogleButton />
      {mode === 'signIn' ? <SignInForm onDone={onDone} /> : <RegisterForm onDone={onDone} />}
    </div>
  );
}

function FormMessage({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
      {text}
    </p>
  );
}

function SignInForm({ onDone }: { onDone?(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { email, password, tourist: useSessionStore.getState().guestToken ?? '' };
    const errs = fieldErrors(userCalls.accountLogin.input, input, ['email', 'password']);
    setErrors(errs);
    setMessage('');
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    const res = await quietCall(userCalls.accountLogin, input);
    if (res.data) {
      await completeSignIn(res.data.token);
      onDone?.();
    } else {
      setMessage(res.msg);
    }
    setBusy(false);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Sign in">
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        data-autofocus
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <FormMessage text={message} />
      <button type="submit" className="btn-primary h-11" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function RegisterForm({ onDone }: { onDone?(): void }) {
  const location = useLocation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = async (e?: FormEvent) => {
    e?.preventDefault();
    const input = { email, login: false };
    const errs = fieldErrors(userCalls.verifyEmail.input, input, ['email']);
    setErrors(errs);
    setMessage('');
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    const res = await quietCall(userCalls.verifyEmail, input);
    setBusy(false);
    if (!res.data) {
      setMessage(res.msg);
      return;
    }
    setStep('code');
    setNotice(`We sent a 6-digit code to ${email.trim()}. It expires in ${Math.max(1, Math.round(res.data.expires_in / 60))} minutes.`);
  };

  const register = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      email,
      password,
      code: code.trim(),
      name: name.trim() || undefined,
      origin: originField(location.search),
      tourist: useSessionStore.getState().guestToken ?? '',
    };
    const errs = fieldErrors(userCalls.registerWithVerify.input, input, ['code', 'password', 'name']);
    setErrors(errs);
    setMessage('');
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    const res = await quietCall(userCalls.registerWithVerify, input);
    if (res.data) {
      await completeSignIn(res.data.token);
      onDone?.();
    } else {
      setMessage(res.msg);
    }
    setBusy(false);
  };

  if (step === 'email') {
    return (
      <form noValidate onSubmit={(e) => void sendCode(e)} className="grid gap-4" aria-label="Create account">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          hint="We email you a 6-digit code to confirm it is yours."
          data-autofocus
        />
        <FormMessage text={message} />
        <button type="submit" className="btn-primary h-11" disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
        <p className="text-xs leading-relaxed text-slate-500">Anything you made as a guest moves to your new account.</p>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void register(e)} className="grid gap-4" aria-label="Create account">
      <p className="rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-900" role="status">
        {notice}{' '}
        <button type="button" className="font-medium underline underline-offset-2" onClick={() => setStep('email')}>
          Change email
        </button>
      </p>
      <Field
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={errors.code}
        data-autofocus
      />
      <Field label="Name (optional)" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint="At least 8 characters."
      />
      <FormMessage text={message} />
      <button type="submit" className="btn-primary h-11" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
      <button type="button" className="text-sm font-medium text-violet-700 hover:underline" onClick={() => void sendCode()} disabled={busy}>
        Send a new code
      </button>
    </form>
  );
}
