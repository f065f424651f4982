// Progressive enhancement: a characters-left counter under each textarea with data-counter.
for (const field of document.querySelectorAll('textarea[data-counter]')) {
	const counter = document.getElementById(field.dataset.counter);
	const update = () => {
		counter.textContent = `${field.maxLength - field.value.length} characters left`;
	};
	field.addEventListener('input', update);
	update();
}
