// Administration journeys of users and groups, one per test, in the production build on a fresh database.
import {
  adminApi,
  notification,
  pickOptions,
  settled,
  signInAsAdmin,
  signInElsewhere,
  tokenStatus,
  uniqueName,
} from './admin-support';
import { ADMIN_USERNAME, createUser, expect, shot, test } from './support';

// Long journeys on a shared machine: twice the default of 60 s each.
test.describe.configure({ timeout: 120_000 });

test('a group grants a new user the console: created in the UI, added through the group, permissions traced to their source', async ({
  page,
  browser,
  consoleGuard,
}) => {
  const code = uniqueName('OPS').toUpperCase().replace(/-/g, '_');
  const username = uniqueName('olivia');
  const password = 'olivia-initial-pass-1';

  await signInAsAdmin(page);

  // A group holding the console permission, created in the UI; the code is validated as the server does.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  await expect(page).toHaveTitle('Groups · BPM Admin Console');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create group' }).first().click();
  const createGroup = page.getByRole('dialog', { name: 'Create group' });
  await createGroup.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await createGroup.getByRole('textbox', { name: 'Name' }).fill('Operations');
  await createGroup.getByRole('button', { name: 'Create group' }).click();
  await expect(createGroup.getByText('must start with an upper-case letter')).toBeVisible();
  await shot(page, 'admin-users-01-group-code-invalid');
  await createGroup.getByRole('textbox', { name: 'Code' }).fill(code);
  await pickOptions(page, createGroup.getByLabel('Permissions', { exact: true }), [
    'ACCESS_BPM_ADMIN',
    'ACCESS_PROCESS_PORTAL',
  ]);
  await createGroup.getByRole('button', { name: 'Create group' }).click();
  await expect(createGroup).toBeHidden();
  await expect(notification(page, 'Group created')).toBeVisible();
  const groupRow = page.getByRole('row').filter({ hasText: code });
  await expect(groupRow).toContainText('Operations');
  await expect(groupRow).toContainText('ACCESS_BPM_ADMIN');
  await expect(groupRow.getByRole('cell').nth(3)).toHaveText('0');
  await shot(page, 'admin-users-02-groups');

  // The user, created in the UI with one direct permission; the password is validated before sending.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Users · BPM Admin Console');
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(ADMIN_USERNAME);
  await shot(page, 'admin-users-03-users');
  await page.getByRole('button', { name: 'Create user' }).first().click();
  const createUser = page.getByRole('dialog', { name: 'Create user' });
  await createUser.getByRole('textbox', { name: 'Username' }).fill(username);
  await createUser.getByRole('textbox', { name: 'Password' }).fill('short');
  await createUser.getByRole('button', { name: 'Create user' }).click();
  await expect(createUser.getByText('must be 12 to 128 characters')).toBeVisible();
  await createUser.getByRole('textbox', { name: 'Password' }).fill(password);
  await pickOptions(page, createUser.getByLabel('Direct permissions', { exact: true }), [
    'ACCESS_BPM_MODELER',
  ]);
  await shot(page, 'admin-users-04-create-user');
  await createUser.getByRole('button', { name: 'Create user' }).click();
  await expect(notification(page, 'User created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  const userUrl = page.url();
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${username} · Users · BPM Admin Console`);

  // The same username again: the server's "already taken" appears beside the field.
  consoleGuard.allow(/status of 409/);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Create user' }).first().click();
  await createUser.getByRole('textbox', { name: 'Username' }).fill(username.toUpperCase());
  await createUser.getByRole('textbox', { name: 'Password' }).fill('another-password-2');
  await createUser.getByRole('button', { name: 'Create user' }).click();
  await expect(createUser.getByText('already taken')).toBeVisible();
  await shot(page, 'admin-users-05-username-taken');
  // Escape in a dialog with typed text asks before it throws the text away.
  await page.keyboard.press('Escape');
  const question = createUser.getByRole('alertdialog', { name: 'Discard what you typed?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(createUser).toBeHidden();

  // Without ACCESS_BPM_ADMIN they get the "No access" page.
  const other = await signInElsewhere(browser, consoleGuard.errors, username, password);
  await expect(other.page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(other.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await shot(other.page, 'admin-users-06-no-access');

  // Add them through the group's members: the change is shown before it is saved.
  await page.goto('/admin/groups');
  await page.getByRole('button', { name: `Members of ${code}` }).click();
  const members = page.getByRole('dialog', { name: `Members of ${code}` });
  await expect(members.getByText('No changes yet.')).toBeVisible();
  await pickOptions(page, members.getByLabel('Members', { exact: true }), [username]);
  await expect(members.getByLabel('Changes to save')).toContainText('Adding 1');
  await expect(members.getByLabel('Changes to save')).toContainText(`+ ${username}`);
  await settled(members);
  await shot(page, 'admin-users-07-group-members');
  await members.getByRole('button', { name: /^Save members/ }).click();
  await expect(members).toBeHidden();
  await expect(notification(page, 'Members saved')).toBeVisible();
  await expect(groupRow.getByRole('cell').nth(3)).toHaveText('1');

  // The users list finds them by search (kept in the URL) and shows the group and the union of permissions.
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username.slice(0, -2));
  await expect(page).toHaveURL(new RegExp(`\\?q=${username.slice(0, -2)}$`));
  const userRow = page.getByRole('row').filter({ hasText: username });
  await expect(userRow).toContainText(code);
  await expect(userRow).toContainText('ACCESS_BPM_ADMIN');
  await expect(userRow).toContainText('ACCESS_BPM_MODELER');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await shot(page, 'admin-users-08-users-search');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(username.slice(0, -2));
  await userRow.getByRole('link', { name: username }).click();
  await expect(page).toHaveURL(userUrl);

  // Where each effective permission comes from.
  const effective = page.getByRole('table', { name: 'Effective permissions' });
  const source = (permission: string) =>
    effective.getByRole('list', { name: `Sources of ${permission}` }).getByRole('listitem');
  await expect(source('ACCESS_BPM_ADMIN')).toHaveText([`group ${code}`]);
  await expect(source('ACCESS_PROCESS_PORTAL')).toHaveText([`group ${code}`]);
  await expect(source('ACCESS_BPM_MODELER')).toHaveText(['direct']);
  await expect(effective.getByRole('row')).toHaveCount(4);
  // Giving the group's permission directly as well shows both sources, before and after saving.
  const access = page.getByRole('form', { name: 'Groups and direct permissions' });
  await pickOptions(page, access.getByLabel('Direct permissions', { exact: true }), [
    'ACCESS_PROCESS_PORTAL',
  ]);
  await expect(source('ACCESS_PROCESS_PORTAL')).toHaveText(['direct', `group ${code}`]);
  await access.getByRole('button', { name: 'Save access' }).click();
  await expect(notification(page, 'Access saved')).toBeVisible();
  await expect(access.getByRole('button', { name: 'Save access' })).toBeDisabled();
  await expect(source('ACCESS_PROCESS_PORTAL')).toHaveText(['direct', `group ${code}`]);
  await shot(page, 'admin-users-09-effective-permissions');
  // From a small laptop to a wide screen, the page keeps its columns readable.
  for (const [width, height] of [
    [1024, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(effective).toBeInViewport();
    await shot(page, `admin-users-09-effective-permissions-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Now the console opens for them.
  await other.page.reload();
  await expect(other.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(other.page.getByRole('banner')).toContainText(username);
  await shot(other.page, 'admin-users-10-member-signed-in');
  await other.context.close();
});

test('an administrator resets a password and disables a user, each after a confirmation', async ({
  page,
  request,
}) => {
  const user = await createUser(request, {
    usernamePrefix: 'dana',
    permissionCodes: ['ACCESS_PROCESS_PORTAL'],
  });
  const newPassword = 'dana-new-password-42';

  await signInAsAdmin(page, `/admin/users/${user.id}`);
  await expect(page.getByRole('heading', { name: user.username, level: 1 })).toBeVisible();

  // Reset password: a dialog that says what it ends, with the new password twice.
  await page.getByRole('button', { name: 'Reset password…' }).click();
  const reset = page.getByRole('dialog', { name: `Reset the password of ${user.username}?` });
  await expect(reset).toContainText('every API token they hold');
  await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await reset.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword + 'x');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByText('does not match the new password')).toBeVisible();
  await reset.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword);
  await shot(page, 'admin-users-11-reset-password');
  await reset.getByRole('textbox', { name: 'Repeat the new password' }).press('Enter');
  await expect(reset).toBeHidden();
  await expect(notification(page, 'Password reset')).toBeVisible();
  expect(await tokenStatus(request, user.username, user.password)).toBe(401);
  expect(await tokenStatus(request, user.username, newPassword)).toBe(200);

  // Disable: the switch asks first; Cancel changes nothing.
  const enabled = page.getByRole('switch', { name: 'Enabled' });
  await expect(enabled).toBeChecked();
  await enabled.click({ force: true });
  const disable = page.getByRole('dialog', { name: `Disable ${user.username}?` });
  await expect(disable).toContainText('API tokens stop working');
  await settled(disable);
  await shot(page, 'admin-users-12-disable-confirmation');
  await disable.getByRole('button', { name: 'Cancel' }).click();
  await expect(disable).toBeHidden();
  await expect(enabled).toBeChecked();
  expect(await tokenStatus(request, user.username, newPassword)).toBe(200);

  await enabled.click({ force: true });
  await disable.getByRole('button', { name: 'Disable user' }).click();
  await expect(disable).toBeHidden();
  await expect(notification(page, 'User disabled')).toBeVisible();
  await expect(enabled).not.toBeChecked();
  await expect(page.getByRole('main').getByText('Disabled', { exact: true })).toBeVisible();
  expect(await tokenStatus(request, user.username, newPassword)).toBe(401);
  await shot(page, 'admin-users-13-disabled');

  // Both changes are in the audit log, newest first, with a readable difference.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveTitle('Audit log · BPM Admin Console');
  const events = page.getByRole('table', { name: 'Audit events' });
  // Sign-in attempts are audited too (the refused one of the disabled user is the newest event); these
  // checks read the administrative changes. Row 0 is the header.
  const changeRow = (n: number) => events.getByRole('row').filter({ hasNotText: 'auth.sign_in' }).nth(n);
  await expect(changeRow(1)).toContainText('user.update');
  await expect(changeRow(1)).toContainText(user.username);
  await expect(changeRow(1)).toContainText('enabled true → false');
  await expect(changeRow(2)).toContainText('user.password_reset');
  await shot(page, 'admin-users-14-audit');

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'user.password_reset' }).click();
  await expect(page).toHaveURL(/[?&]action=user\.password_reset/);
  await expect(events.getByRole('row').filter({ hasText: 'user.update' })).toHaveCount(0);
  await expect(changeRow(1)).toContainText(user.username);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const first = changeRow(1);
  await first.getByRole('button', { name: /^Show details of event/ }).click();
  const changes = events.getByRole('table', { name: /^Changes of event/ });
  await expect(changes.getByRole('row').filter({ hasText: 'enabled' })).toContainText('truefalse');
  await shot(page, 'admin-users-15-audit-details');

  // The actor filter takes the start of a name in any case; dates filter by day, kept in the URL.
  const actorPrefix = (await first.getByRole('cell').nth(2).textContent())!.slice(0, 3).toUpperCase();
  await page.getByRole('combobox', { name: 'Actor' }).fill(actorPrefix);
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${actorPrefix}`));
  await expect(changeRow(1)).toContainText('user.update');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const shown = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en', { month: 'short', timeZone: 'UTC' });
    return `${d} ${month} ${y}`;
  };
  await page.goto(`/admin/audit?from=${day(-1)}&to=${day(1)}`);
  await expect(page.getByRole('button', { name: 'Dates' })).toContainText(shown(day(-1)));
  await expect(page.getByRole('button', { name: 'Dates' })).toContainText(shown(day(1)));
  await expect(changeRow(1)).toContainText('user.update');
  await page.goto('/admin/audit?from=2001-01-01&to=2001-01-02');
  await expect(page.getByText('No audit events match these filters')).toBeVisible();
  await shot(page, 'admin-users-15b-audit-dates');

  // A target that still exists is a link to its page.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await changeRow(1).getByRole('link', { name: user.username }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${user.id}$`));
});

test('deleting a user asks first, and deleting yourself is refused with the reason', async ({
  page,
  request,
  consoleGuard,
}) => {
  const user = await createUser(request, { usernamePrefix: 'leaver' });
  const api = await adminApi(request);
  const admin = await api.userByName(ADMIN_USERNAME);

  await signInAsAdmin(page, `/admin/users/${user.id}`);
  await page.getByRole('button', { name: 'Delete user…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${user.username}?` });
  await expect(dialog).toContainText('It cannot be undone');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await settled(dialog);
  await shot(page, 'admin-users-16-delete-confirmation');
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(notification(page, 'User deleted')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).not.toContainText(user.username);
  expect((await api.users()).some((u) => u.username === user.username)).toBe(false);

  consoleGuard.allow(/status of 409/);
  await page.goto(`/admin/users/${admin.id}`);
  await page.getByRole('button', { name: 'Delete user…' }).click();
  const self = page.getByRole('dialog', { name: `Delete ${ADMIN_USERNAME}?` });
  await self.getByRole('button', { name: 'Delete user' }).click();
  await expect(self.getByRole('alert')).toContainText('You cannot delete your own account');
  await settled(self);
  await shot(page, 'admin-users-17-delete-self-refused');
  await page.keyboard.press('Escape');
  await expect(self).toBeHidden();
  await expect(page.getByRole('heading', { name: ADMIN_USERNAME, level: 1 })).toBeVisible();
});

test('the create-user dialog works from the keyboard', async ({ page }) => {
  const username = uniqueName('kay');
  await signInAsAdmin(page, '/admin/users');
  const open = page.getByRole('button', { name: 'Create user' }).first();
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await open.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await page.keyboard.type('keyboard-only-password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Effective permissions' })).toHaveCount(0);
  await expect(page.getByText('No permissions: this user can sign in to nothing.')).toBeVisible();
  await shot(page, 'admin-users-18-keyboard-created');
});

test('a group is renamed and given a permission, then deleted after a warning that counts its members', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const code = uniqueName('TEMP').toUpperCase().replace(/-/g, '_');
  const group = await api.createGroup(code, ['ACCESS_PROCESS_PORTAL']);
  const member = await createUser(request, { usernamePrefix: 'member' });
  await api.setGroupMembers(group.id, [member.id]);

  await signInAsAdmin(page, `/admin/groups?q=${code}`);
  await expect(page.getByRole('searchbox', { name: 'Search groups' })).toHaveValue(code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit group ${code}` });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await edit.getByRole('textbox', { name: 'Name' }).fill('');
  await edit.getByRole('button', { name: 'Save group' }).click();
  await expect(edit.getByText('must not be empty')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Name' }).fill('Temporary staff');
  await pickOptions(page, edit.getByLabel('Permissions', { exact: true }), ['ACCESS_BPM_MODELER']);
  await shot(page, 'admin-users-19-edit-group');
  await edit.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(edit).toBeHidden();
  await expect(notification(page, 'Group saved')).toBeVisible();
  await expect(row).toContainText('Temporary staff');
  await expect(row).toContainText('ACCESS_BPM_MODELER');

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete group ${code}?` });
  await expect(confirm).toContainText('has 1 member');
  await expect(confirm).toContainText('ACCESS_BPM_MODELER, ACCESS_PROCESS_PORTAL');
  await settled(confirm);
  await shot(page, 'admin-users-20-delete-group');
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(confirm).toBeHidden();
  await expect(notification(page, 'Group deleted')).toBeVisible();
  await expect(page.getByText(`No groups match “${code}”.`)).toBeVisible();
  await shot(page, 'admin-users-21-groups-empty-search');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  await expect(page.getByRole('searchbox', { name: 'Search groups' })).toHaveValue('');
  expect((await api.userByName(member.username)).groups).toEqual([]);
});
