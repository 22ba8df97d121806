/** English strings of the seller's hosted onboarding pages (keys prefixed "onboarding."). */
export const onboardingEn = {
  'onboarding.pageTitle': 'Open your payment account',
  'onboarding.eyebrow': 'Payment account application',
  'onboarding.unavailable.title': 'This link cannot be opened',
  'onboarding.unavailable.body':
    'It may have expired or already been used. Ask the platform that sent it to you for a new link.',
  'onboarding.form.intro':
    'Fill in your shop’s details step by step. Everything is saved as you type: you can close this page and come back through the same link.',
  'onboarding.form.submit': 'Submit application',
  'onboarding.upload.album': 'Tap to choose a photo',
  'onboarding.upload.camera': 'Take a photo',
  'onboarding.upload.done': 'Photo uploaded.',
  'onboarding.app.providerA': 'WeChat',
  'onboarding.app.providerB': 'Alipay',
  'onboarding.status.draft.title': 'Your application is not submitted yet',
  'onboarding.status.draft.next':
    'Finish the form and press “Submit application”. It takes about 10 minutes with your business licence and ID card at hand.',
  'onboarding.status.review.title': 'Submitted: the platform is checking it',
  'onboarding.status.review.next':
    'The platform checks your details, usually within one working day, and then sends them to {app} Pay. You can still correct anything until then.',
  'onboarding.status.upstream.title': '{app} Pay is reviewing your application',
  'onboarding.status.upstream.next':
    'This usually takes 1 to 3 working days. Come back through the same link to see how it goes; if something needs you, it will show here.',
  'onboarding.status.confirm.title': 'Confirm your account in {app}',
  'onboarding.status.confirm.next':
    '{app} Pay needs the person in charge you named in the form to confirm the account. Scan the code below in {app}; it takes a minute.',
  'onboarding.status.sign.title': 'Sign the agreement in {app}',
  'onboarding.status.sign.next':
    '{app} Pay needs the person in charge you named in the form to sign the payment agreement. Scan the code below in {app}.',
  'onboarding.status.finished.title': 'Your payment account is open',
  'onboarding.status.finished.next': 'You can take payments through {app} now.',
  'onboarding.status.rejected.title': 'Some details need correcting',
  'onboarding.status.rejected.next': '{app} Pay could not accept the details below. Correct each one and submit again.',
  'onboarding.status.canceled.title': 'The application was withdrawn',
  'onboarding.status.canceled.next': 'You can check the details and submit it again.',
  'onboarding.status.reasons': 'Details to correct',
  'onboarding.status.fix': 'Correct it',
  'onboarding.status.scanWho': 'To be scanned in {app} by the person in charge (the one named in the form)',
  'onboarding.status.qrAlt': 'QR code to scan in the app',
  'onboarding.status.openLink': 'On that person’s phone? Open the link instead',
  'onboarding.status.continue': 'Continue the form',
  'onboarding.status.edit': 'Check or change the details',
  'onboarding.status.return': 'Back to the platform',
  'onboarding.authorization.title': 'Authorise your mini program',
  'onboarding.authorization.explain':
    'The platform also runs your mini program. The last step: the mini program’s administrator authorises the platform, on this phone.',
  'onboarding.authorization.again': 'The last authorisation was not completed in time. Start it again.',
  'onboarding.authorization.start': 'Authorise the mini program',
  'onboarding.authorization.done': 'Your mini program is authorised.',
  'onboarding.authorization.failed': 'The authorisation could not be started. Try again in a moment.',
  'onboarding.upload.hint':
    'Take a photo or choose one from your album; it is made smaller on your phone before it is sent.',
  'onboarding.upload.hintMany':
    'Take photos or choose them from your album, one after another; each is made smaller on your phone before it is sent.',
  'onboarding.session.expired':
    'This page’s session has ended. Open the link you were sent again, or ask the platform for a new one.',
  'onboarding.step.license': 'Business licence',
  'onboarding.step.legalPerson': 'ID card',
  'onboarding.step.business': 'Your shop',
  'onboarding.step.settlement': 'Where you get paid',
  'onboarding.step.contact': 'Person in charge',
  'onboarding.step.review': 'Check and submit',
};
