//! The AI worker's entry point (index.html declares it with `data-type="worker"`): registers
//! [`quirkat_worker::engine::AiWorker`] to answer the page's requests.

use gloo::worker::Registrable;

fn main() {
    quirkat_worker::engine::AiWorker::registrar()
        .encoding::<quirkat_messages::codec::Tolerant>()
        .register();
}
