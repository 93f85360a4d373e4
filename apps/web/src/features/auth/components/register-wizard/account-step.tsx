import { TextField } from '../../../../components/text-field.tsx';
import { DEFAULT_AFTER_LOGIN } from '../../next-location.ts';
import { GoogleButton } from '../google-button.tsx';
import { useGoogleSignIn } from '../use-google-sign-in.ts';
import { bindField, type StepProps } from './step-props.ts';

export function AccountStep(props: StepProps) {
  const google = useGoogleSignIn();
  return (
    <div className="space-y-4">
      {google && (
        <>
          <GoogleButton next={DEFAULT_AFTER_LOGIN} label="Sign up with Google" />
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or sign up with e-mail
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          {...bindField(props, 'firstName')}
        />
        <TextField label="Last name" autoComplete="family-name" {...bindField(props, 'lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...bindField(props, 'email')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...bindField(props, 'username')}
      />
    </div>
  );
}
