/** English strings of the public invitation page and the forced password change. */
export const invitationsEn = {
  'invitation.pageTitle': 'Invitation',
  'invitation.title': 'Join {platform}',
  'invitation.intro': 'This invitation is for {email}, with the role {role}. It works once, until {time}.',
  'invitation.newHeading': 'New to this console? Create your account',
  'invitation.name': 'Your name',
  'invitation.newPassword': 'Choose a password',
  'invitation.confirmPassword': 'The same password again',
  'invitation.passwordRules': 'At least 12 and at most 200 characters.',
  'invitation.create': 'Create account and join',
  'invitation.existingHeading': 'Already have an account with this e-mail? Sign in to join',
  'invitation.existingPassword': 'Password of your account',
  'invitation.signInAndJoin': 'Sign in and join',
  'invitation.signedInAs': 'You are signed in as {email}.',
  'invitation.join': 'Join {platform}',
  'invitation.otherAccount':
    'You are signed in as {email}, but this invitation is for another address: use the forms below with the invited address, or sign out first.',
  'invitation.busy': 'Joining…',
  'invitation.mismatch': 'The two passwords differ.',
  'invitation.nameRequired': 'Enter your name (at most 100 characters).',
  'invitation.signInRequired': 'This e-mail address already has an account: sign in below with its password to join.',
  'invitation.wrongPassword': 'E-mail or password is not right.',
  'invitation.tooManyAttempts': 'Too many failed attempts. Try again in {minutes} min.',
  'invitation.mustChangePassword':
    'Your account still has a one-time password: change it first, then open this link again.',
  'invitation.changePasswordLink': 'Change password',
  'invitation.state.unknown':
    'This invitation link is not valid. Check that you copied all of it, or ask for a new one.',
  'invitation.state.expired': 'This invitation has expired. Ask an admin of the platform for a new one.',
  'invitation.state.revoked': 'This invitation was withdrawn by an admin of the platform.',
  'invitation.state.accepted': 'This invitation was already used. Sign in to open the console.',
  'invitation.state.heading': 'This invitation cannot be used',
  'invitation.signInLink': 'Go to sign-in',
  'passwordChange.pageTitle': 'Choose your password',
  'passwordChange.title': 'Choose your own password',
  'passwordChange.intro':
    'You signed in with a one-time password that someone else set. Choose your own to continue: until then this account can do nothing else.',
} as const;
