import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../lib/messages';
import { useSavePlace } from '../api/save-place';
import { PlaceForm } from './place-form';
import { emptyPlace } from './place-values';

/** `/user/place/create`. */
export function PlaceCreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePlace(null);
  return (
    <>
      <PageHeader title={t('screen.placeCreate')} />
      <PlaceForm
        initialValues={emptyPlace()}
        submitLabel={t('places.action.create')}
        onCancel={() => void navigate('/user/place')}
        onSubmit={(input) =>
          save.mutate(input, {
            onSuccess: (place) => {
              toast.success(t('places.saved'));
              void navigate(`/user/place/detail?id=${place.id}`, { replace: true });
            },
          })
        }
      />
    </>
  );
}
