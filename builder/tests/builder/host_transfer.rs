//! Host transfers from the builder: closures ([`HostCallbacks`]) and
//! queues ([`HostQueues`]) answering infeed, outfeed and host send/recv;
//! the order of transfers in a loop; the errors of a transfer that cannot
//! be served.

use super::{F32, I32, TestResult, f32_shape};
use xla_builder::*;

/// Per iteration i of a three-trip loop: x = infeed f32[2]; acc += x;
/// outfeed (i, acc). Returns acc.
fn infeed_loop() -> Result<Executable, Box<dyn std::error::Error>> {
    let b = XlaBuilder::new("infeed_loop");
    let cond = b.computation("cond", |sb| {
        let i = sb.parameter(0, &Shape::scalar(I32), "i")?;
        let _acc = sb.parameter(1, &f32_shape(&[2]), "acc")?;
        Ok(vec![sb.lt(i, sb.constant_r0(3i32)?)?])
    })?;
    let body = b.computation("body", |sb| {
        let i = sb.parameter(0, &Shape::scalar(I32), "i")?;
        let acc = sb.parameter(1, &f32_shape(&[2]), "acc")?;
        let token = sb.create_token()?;
        let (x, token) = sb.infeed(token, &[f32_shape(&[2])], "x")?;
        let acc = sb.add(acc, x[0])?;
        sb.outfeed(&[i, acc], token, "progress")?;
        Ok(vec![sb.add(i, sb.constant_r0(1i32)?)?, acc])
    })?;
    let looped = b.while_loop(&cond, &body, &[b.constant_r0(0i32)?, b.constant_r1(&[0.0f32, 0.0])?])?;
    Ok(b.build(&[looped[1]])?.compile(&CompileOptions::default())?)
}

#[test]
fn callbacks_answer_infeeds_and_take_outfeeds_in_order() -> TestResult {
    let executable = infeed_loop()?;
    let inputs = [[1.0f32, 2.0], [10.0, 20.0], [100.0, 200.0]];
    let mut next = 0;
    let mut configs = Vec::new();
    let mut outfeeds: Vec<(i32, Vec<f32>)> = Vec::new();
    let mut callbacks = HostCallbacks::new()
        .on_infeed(|transfer| {
            configs.push(transfer.config.clone());
            assert_eq!(transfer.specs.len(), 1);
            next += 1;
            Ok(vec![Literal::vec1(&inputs[next - 1])])
        })
        .on_outfeed(|transfer, values| {
            assert_eq!(transfer.config, "progress");
            outfeeds.push((values[0].to_scalar::<i32>().map_err(|e| e.to_string())?, values[1].to_vec::<f32>().map_err(|e| e.to_string())?));
            Ok(())
        });
    let result = executable.execute_with_host_transfer(&[], &mut callbacks)?;
    drop(callbacks);
    assert_eq!(result[0].to_vec::<f32>()?, vec![111.0, 222.0]);
    assert_eq!(configs, vec!["x", "x", "x"]);
    assert_eq!(outfeeds, vec![(0, vec![1.0, 2.0]), (1, vec![11.0, 22.0]), (2, vec![111.0, 222.0])]);
    Ok(())
}

#[test]
fn queues_carry_host_send_and_recv_per_channel() -> TestResult {
    let b = XlaBuilder::new("echo");
    let token = b.create_token()?;
    let (a, token) = b.recv_from_host(token, &[Shape::array(I32, &[3])], 1)?;
    let (c, token) = b.recv_from_host(token, &[Shape::scalar(F32)], 2)?;
    let doubled = b.add(a[0], a[0])?;
    let token = b.send_to_host(&[doubled], token, 7)?;
    let (d, token) = b.recv_from_host(token, &[Shape::array(I32, &[3])], 1)?;
    b.send_to_host(&[d[0], c[0]], token, 7)?;
    let executable = b.build(&[doubled])?.compile(&CompileOptions::default())?;

    let mut queues = HostQueues::new();
    let channel_1 = queues.recv.entry(1).or_default();
    channel_1.push_back(vec![Literal::vec1(&[1i32, -2, 3]).into_host_tensor()]);
    channel_1.push_back(vec![Literal::vec1(&[7i32, 8, 9]).into_host_tensor()]);
    queues.recv.entry(2).or_default().push_back(vec![Literal::scalar(0.5f32).into_host_tensor()]);
    let result = executable.execute_with_host_transfer(&[], &mut queues)?;
    assert_eq!(result[0].to_vec::<i32>()?, vec![2, -4, 6]);
    let sent = &queues.sent[&7];
    assert_eq!(sent.len(), 2);
    assert_eq!(Literal::from_host_tensor(sent[0][0].clone()).to_vec::<i32>()?, vec![2, -4, 6]);
    assert_eq!(Literal::from_host_tensor(sent[1][0].clone()).to_vec::<i32>()?, vec![7, 8, 9]);
    assert_eq!(Literal::from_host_tensor(sent[1][1].clone()).to_scalar::<f32>()?, 0.5);
    assert!(queues.recv.values().all(|q| q.is_empty()));
    Ok(())
}

#[test]
fn transfers_that_cannot_be_served_fail_the_run_naming_the_op() -> TestResult {
    let executable = infeed_loop()?;
    // No handler at all.
    let error = executable.execute(&[]).unwrap_err().to_string();
    assert!(error.contains("stablehlo.infeed at ") && error.contains("(infeed_config \"x\")") && error.contains("no host transfer handler"), "{error}");
    // Two values for three iterations.
    let mut queues = HostQueues::new();
    for _ in 0..2 {
        queues.infeed.push_back(vec![Literal::vec1(&[1.0f32, 1.0]).into_host_tensor()]);
    }
    let error = executable.execute_with_host_transfer(&[], &mut queues).unwrap_err().to_string();
    assert!(error.contains("no infeed value left (2 given, all read by earlier infeeds)"), "{error}");
    // An infeed closure but no outfeed closure: the first outfeed fails.
    let mut callbacks = HostCallbacks::new().on_infeed(|_| Ok(vec![Literal::vec1(&[1.0f32, 2.0])]));
    let error = executable.execute_with_host_transfer(&[], &mut callbacks).unwrap_err().to_string();
    assert!(error.contains("stablehlo.outfeed at ") && error.contains("no on_outfeed callback was given"), "{error}");
    // A value of the wrong type.
    let mut callbacks = HostCallbacks::new().on_infeed(|_| Ok(vec![Literal::vec1(&[1i32, 2])]));
    let error = executable.execute_with_host_transfer(&[], &mut callbacks).unwrap_err().to_string();
    assert!(error.contains("tensor 0 of the infeed value is tensor<2xi32>, but the op reads tensor<2xf32>"), "{error}");
    // A callback's own error.
    let mut callbacks = HostCallbacks::new().on_infeed(|_| Err("the sensor is offline".into()));
    let error = executable.execute_with_host_transfer(&[], &mut callbacks).unwrap_err().to_string();
    assert!(error.contains("(infeed_config \"x\"): the sensor is offline"), "{error}");
    // The executable still runs afterwards.
    let mut queues = HostQueues::new();
    for _ in 0..3 {
        queues.infeed.push_back(vec![Literal::vec1(&[1.0f32, 2.0]).into_host_tensor()]);
    }
    let result = executable.execute_with_host_transfer(&[], &mut queues)?;
    assert_eq!(result[0].to_vec::<f32>()?, vec![3.0, 6.0]);
    assert_eq!(queues.outfeed.len(), 3);
    Ok(())
}

#[test]
fn host_transfers_are_printed_as_stablehlo() -> TestResult {
    let b = XlaBuilder::new("ops");
    let token = b.create_token()?;
    let (x, token) = b.infeed(token, &[f32_shape(&[2])], "say \"hi\"")?;
    let token = b.outfeed(&x, token, "")?;
    let token = b.send_to_host(&x, token, 3)?;
    let (_y, _token) = b.recv_from_host(token, &[f32_shape(&[2])], 4)?;
    let computation = b.build(&[x[0]])?;
    let text = computation.to_mlir_text();
    // The config reaches the handler as written.
    let mut configs = Vec::new();
    let mut callbacks = HostCallbacks::new()
        .on_infeed(|t| {
            configs.push(t.config.clone());
            Ok(vec![Literal::vec1(&[1.0f32, 2.0])])
        })
        .on_outfeed(|_, _| Ok(()))
        .on_send_to_host(|t, _| if t.channel == Some(3) { Ok(()) } else { Err("wrong channel".into()) })
        .on_recv_from_host(|t| if t.channel == Some(4) { Ok(vec![Literal::vec1(&[0.0f32, 0.0])]) } else { Err("wrong channel".into()) });
    computation.compile(&CompileOptions::default())?.execute_with_host_transfer(&[], &mut callbacks)?;
    drop(callbacks);
    assert_eq!(configs, vec!["say \"hi\"".to_string()]);
    // MLIR prints a quote inside a string as \22.
    assert!(text.contains("stablehlo.infeed") && text.contains(r#"infeed_config = "say \22hi\22""#), "{text}");
    assert!(text.contains("stablehlo.outfeed"), "{text}");
    assert!(text.contains("#stablehlo.channel_handle<handle = 3, type = 2>") && text.contains("#stablehlo.channel_handle<handle = 4, type = 3>"), "{text}");
    assert_eq!(text.matches("is_host_transfer = true").count(), 2, "{text}");
    Ok(())
}

#[test]
fn gpu_and_several_devices_refuse_host_transfers_at_compile_time() -> TestResult {
    let b = XlaBuilder::new("outfeeds");
    let x = b.parameter(0, &f32_shape(&[2]), "x")?;
    let token = b.create_token()?;
    b.outfeed(&[x], token, "")?;
    let computation = b.build(&[x])?;
    // Checked before the CUDA driver is looked for: the same error with or
    // without a GPU.
    let error = computation.compile(&CompileOptions { device: Device::Gpu, ..Default::default() }).err().ok_or("compiled")?.to_string();
    assert!(error.contains("stablehlo.outfeed (a host transfer) is not supported by the GPU"), "{error}");
    let error = computation.compile(&CompileOptions { num_replicas: 2, ..Default::default() }).err().ok_or("compiled")?.to_string();
    assert!(error.contains("stablehlo.outfeed (a host transfer) in a program over several devices (2 replicas x 1 partitions) is not supported"), "{error}");
    Ok(())
}
