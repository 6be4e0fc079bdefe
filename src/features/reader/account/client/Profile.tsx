/** The user centre's profile tab: the avatar (with a preview before upload), nickname and user name. */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { avatarUrl, checkAvatarFile, checkNickname, checkUserName, type AccountUser } from '../../../../lib/account.ts';
import { apiCall, apiUpload } from '../../../../stores/api.ts';
import { setUser } from '../../../../stores/session.ts';
import { Field, Form, FormNote, useProblems, useSubmit, type T } from './fields.tsx';

export default function Profile({ t, user, base }: { t: T; user: AccountUser; base: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useSubmit();
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [userName, setUserName] = useState(user.userName);
  const save = useSubmit();
  const { problems, check } = useProblems(t);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    upload.setNote(null);
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    setFileProblem(problem && t(`account.validation.${problem}`));
    if (problem) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const send = () =>
    upload.run(async () => {
      if (!file) return;
      const form = new FormData();
      form.append('file', file);
      setUser(await apiUpload<AccountUser>('/new/v1/upload', form));
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = '';
      return { kind: 'ok', text: t('account.centre.uploaded') };
    }, t);

  const submit = () => {
    const changes: Record<string, string> = {};
    if (nickname.trim() !== (user.nickname ?? '')) changes.nickname = nickname.trim();
    if (userName.trim() !== user.userName) changes.userName = userName.trim();
    if (
      !check({
        nickname: 'nickname' in changes ? checkNickname(changes.nickname!) : null,
        userName: 'userName' in changes ? checkUserName(changes.userName!) : null,
      })
    )
      return;
    return save.run(async () => {
      if (Object.keys(changes).length === 0) return { kind: 'ok', text: t('account.centre.saved') };
      const { data } = await apiCall<AccountUser>('POST', '/new/v1/updateUserInfo', { body: changes });
      setUser(data);
      return { kind: 'ok', text: t('account.centre.saved') };
    }, t);
  };

  return (
    <div className="centre-grid">
      <section aria-labelledby="avatar-h">
        <h2 id="avatar-h">{t('account.centre.avatar')}</h2>
        <div className="avatar-row">
          <img
            className="avatar-big"
            src={avatarUrl(user)}
            alt={t('account.centre.avatar')}
            width={96}
            height={96}
            data-testid="current-avatar"
          />
          {preview && (
            <img
              className="avatar-big"
              src={preview}
              alt={t('account.centre.avatarPreview')}
              width={96}
              height={96}
              data-testid="avatar-preview"
            />
          )}
        </div>
        <div className="acc-form">
          <div className="field">
            <label htmlFor="avatar-file">{t('account.centre.chooseAvatar')}</label>
            <input
              ref={input}
              id="avatar-file"
              type="file"
              accept="image/jpeg,image/png"
              onChange={pick}
              aria-describedby="avatar-hint"
              aria-invalid={fileProblem ? true : undefined}
              data-testid="avatar-file"
            />
            <small id="avatar-hint" className="hint">
              {t('account.centre.avatarHint')}
            </small>
            {fileProblem && (
              <small className="field-error" role="alert" data-testid="avatar-problem">
                {fileProblem}
              </small>
            )}
          </div>
          <FormNote note={upload.note} testId="avatar-note" />
          <button
            type="button"
            className="btn primary"
            disabled={!file || upload.busy}
            onClick={() => void send()}
            data-testid="avatar-upload"
          >
            {upload.busy ? t('account.common.saving') : t('account.centre.upload')}
          </button>
        </div>
      </section>
      <section aria-labelledby="profile-h">
        <h2 id="profile-h">{t('account.centre.tabProfile')}</h2>
        <Form onSubmit={submit} busy={save.busy} testId="profile-form">
          <Field
            label={t('account.common.nickname')}
            value={nickname}
            maxLength={30}
            onChange={(e) => setNickname(e.target.value)}
            error={problems.nickname}
            testId="profile-nickname"
          />
          <Field
            label={t('account.common.userName')}
            hint={t('account.common.userNameHint')}
            autoComplete="username"
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            error={problems.userName}
            testId="profile-username"
          />
          <FormNote note={save.note} testId="profile-note" />
          <button type="submit" className="btn primary" disabled={save.busy} data-testid="profile-save">
            {save.busy ? t('account.common.saving') : t('account.common.save')}
          </button>
        </Form>
        <dl className="facts">
          <dt>{t('account.centre.invitationCode')}</dt>
          <dd className="num" data-testid="invitation-code">
            {user.invitationCode}
          </dd>
        </dl>
        <p>
          <a href={`${base}/user/${encodeURIComponent(user.userName)}`} data-testid="public-page-link">
            {t('account.centre.publicPage')}
          </a>
        </p>
      </section>
    </div>
  );
}
